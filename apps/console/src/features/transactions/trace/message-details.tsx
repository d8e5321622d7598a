import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import type { EdgeMessage } from '@web-control/contract/transactions';
import { useId, type Ref } from 'react';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { DetailsTable, type DetailRow } from '../../../shared/ui/details-table';
import { ISO8583_TEXTS } from './constants';
import { describeMessage, formatRepeats } from './edge-messages';
import { Iso8583View } from './iso8583-view';
import { prettyPrintContent } from './pretty-print';

interface MessageDetailProps {
  message: EdgeMessage;
  headingId: string;
  /** Every message of the leg, for an ISO 8583 message's request or response. */
  messages: readonly EdgeMessage[];
  onSelect: (id: string) => void;
}

function MessageDetail({ message, headingId, messages, onSelect }: MessageDetailProps) {
  const rows: DetailRow[] = [
    ['Edge', message.edgeName],
    ['Edge type', message.edgeType],
    ['Direction', message.direction],
    ['Time', formatDateTimeSeconds(message.timeCreated)],
    ['Repeats', formatRepeats(message.nrRepeats)],
  ];
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {describeMessage(message)}
        </Title>
        <DetailsTable rows={rows} nameWidth={120} />
        {message.iso8583 ? (
          <Iso8583View iso={message.iso8583} messages={messages} onSelect={onSelect} />
        ) : null}
        <Text size="sm" fw={600}>
          {message.iso8583 ? ISO8583_TEXTS.rawMessage : ISO8583_TEXTS.content}
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {prettyPrintContent(message.content)}
        </Code>
      </Stack>
    </Paper>
  );
}

interface MessageDetailsProps {
  /** The messages shown. */
  messages: readonly EdgeMessage[];
  /** Every message of the leg. */
  all: readonly EdgeMessage[];
  onSelect: (id: string) => void;
  /** The list's box: where the keyboard goes on from when other messages are shown. */
  ref?: Ref<HTMLDivElement>;
}

/** Every field of each message shown, its content pretty-printed; ISO 8583 decoded as well. */
export function MessageDetails({ messages, all, onSelect, ref }: MessageDetailsProps) {
  const idPrefix = useId();
  return (
    <div ref={ref}>
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Message details">
        {messages.map((message) => (
          <MessageDetail
            key={message.id}
            message={message}
            headingId={`${idPrefix}-${message.id}`}
            messages={all}
            onSelect={onSelect}
          />
        ))}
      </Stack>
    </div>
  );
}
