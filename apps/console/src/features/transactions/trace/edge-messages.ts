import type { EdgeMessage } from '@web-control/contract/transactions';
import { MAX_SHOWN_REPEATS } from './constants';

/** Oldest first; messages created in the same instant keep the order of their ids. */
export function sortMessages(messages: readonly EdgeMessage[]): EdgeMessage[] {
  return [...messages].sort(
    (a, b) =>
      Date.parse(a.timeCreated) - Date.parse(b.timeCreated) ||
      a.id.localeCompare(b.id, undefined, { numeric: true }),
  );
}

/** '999+' from 1000 onwards (specification section 2). */
export function formatRepeats(nrRepeats: number): string {
  return nrRepeats > MAX_SHOWN_REPEATS ? `${MAX_SHOWN_REPEATS}+` : String(nrRepeats);
}

/** The switch receives from an edge or sends to it, whichever side the edge is on. */
export function edgePreposition(message: EdgeMessage): 'from' | 'to' {
  return message.direction === 'RECEIVE' ? 'from' : 'to';
}

export function describeMessage(message: EdgeMessage): string {
  return `${message.messageDesc} ${edgePreposition(message)} ${message.edgeName}`;
}
