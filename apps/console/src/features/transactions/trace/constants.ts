/** The message page's constants and texts (specification sections 2 and 9). */
export const TRACE_REFRESH_MS = 5_000;
export const COPIED_DURATION_MS = 3_000;
/** How long an id the platform says is being written may still be "on its way" before the page says it was not found. */
export const TRACE_NOT_FOUND_AFTER_MS = 60_000;
/** Repeat counts above this show as '999+'. */
export const MAX_SHOWN_REPEATS = 999;

export const TRACE_TEXTS = {
  title: 'Transaction Messages',
  messagesOnTheirWay:
    'These messages are still on their way, they should appear automatically in a few seconds',
  notFound:
    'No transaction with this ID was found. Check the link, or find the transaction by its reference on the Transactions page.',
  backToTransactions: 'Back to Transactions',
  tryAgain: 'Try again',
  showAll: 'Show All',
  showingAll: 'Showing All',
  copyTrace: 'Copy Trace',
  copied: 'Copied',
  previousLeg: 'Previous leg',
  nextLeg: 'Next leg',
} as const;

/** The decoded ISO 8583 message of a card leg. */
export const ISO8583_TEXTS = {
  fields: 'Fields',
  field: 'Field',
  name: 'Name',
  value: 'Value',
  meaning: 'Meaning',
  bitmap: 'Bitmap',
  responseCode: 'Response code',
  rawMessage: 'Raw message (masked)',
  content: 'Content',
  answeredBy: 'Answered by',
  responseTo: 'Response to',
  lateResponseTo: 'Late response to',
  unanswered: 'Unanswered request: no response in this leg',
  unmatched: 'Response to no request of this leg',
  unansweredBadge: 'Unanswered',
  lateBadge: 'Late response',
  showCounterpart: (isRequest: boolean) => (isRequest ? 'Show its response' : 'Show its request'),
} as const;
