import type { EdgeMessage, Transaction, TransactionLeg } from '@web-control/contract/transactions';
import { iso8583TextLines } from './iso8583-text';
import { prettyPrintContent } from './pretty-print';

const CONTENT_INDENT = '    ';

function indentLines(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${indent}${line}`))
    .join('\n');
}

/**
 * The trace as plain text, for pasting into a ticket; ISO 8583 messages decoded, card data masked as
 * stored. Times are ISO 8601 in UTC and repeats exact
 * (not capped at 999+), so that whoever reads it elsewhere sees what the switch recorded.
 */
export function formatTrace(
  transaction: Transaction,
  leg: TransactionLeg,
  messages: readonly EdgeMessage[],
): string {
  const header = [
    `Transaction ${transaction.uuid}`,
    `Reference: ${transaction.referenceNumber}`,
    `Service: ${transaction.serviceDesc}`,
    `State: ${transaction.tranState}`,
    `Receiver: ${transaction.receiver ?? '-'}`,
    `Originator: ${transaction.originatorId}`,
    `Started: ${transaction.timeStarted}`,
    `Completed: ${transaction.timeCompleted ?? '-'}`,
    `Leg: ${leg.uuid} (${leg.state})`,
    `Previous leg: ${leg.uuidPrev ?? '-'}`,
    `Next leg: ${leg.uuidNext ?? '-'}`,
  ];
  const blocks = messages.map((message, index) =>
    [
      `${index + 1}. ${message.timeCreated}  ${message.edgeName} (${message.edgeType})  ${message.direction}`,
      `   ${message.messageDesc}`,
      `   Repeats: ${message.nrRepeats}`,
      ...iso8583TextLines(message, messages).map((line) => `   ${line}`),
      ...(message.iso8583 ? ['   Raw (masked):'] : []),
      indentLines(prettyPrintContent(message.content), CONTENT_INDENT),
    ].join('\n'),
  );
  return [header.join('\n'), `Messages: ${messages.length}`, ...blocks].join('\n\n') + '\n';
}
