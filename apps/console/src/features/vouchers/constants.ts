import { VOUCHER_SEARCH_PAGE_SIZE } from '@web-control/contract/vouchers';
import { retrievalFailedText } from '../../shared/http/error-message';

/** The voucher area's texts and constants (specification 3, sections 2, 5, 8 and 9). */

export const HOME_CRUMB = 'Home';

/** Section 9: the search's default page size; offset = page * size - size. */
export const VOUCHER_PAGE_SIZE = VOUCHER_SEARCH_PAGE_SIZE;
/** The pagination control's own choice of sizes. */
export const VOUCHER_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Typing in the reference field asks again once the typing pauses (no spec figure; see decisions). */
export const VOUCHER_FILTER_DEBOUNCE_MS = 500;

export const SEARCH_TEXTS = {
  filters: 'Voucher filters',
  waitingForRange: 'Correct the dates to see vouchers: a "to" day is before its "from" day.',
  waitingForDay: 'Correct or clear the dates to see vouchers: a date field holds no date.',
  waitingForFutureDay: 'Correct or clear the dates to see vouchers: a date field holds a day after today.',
  waitingForReference: 'Correct or clear the Voucher Reference Number to see vouchers.',
  reference: 'Voucher Reference Number',
  createdFrom: 'Date created from',
  createdTo: 'Date created to',
  modifiedFrom: 'Date last modified from',
  modifiedTo: 'Date last modified to',
  invalidDay: (typed: string) => `"${typed}" is not a date. Enter a date as DD/MM/YYYY.`,
  futureDay: (typed: string) => `"${typed}" is after today: vouchers are created and changed up to today.`,
  clear: 'Clear',
  refresh: 'Refresh',
  empty: 'No vouchers match your query',
  pages: 'Voucher pages',
  pageSize: 'Page size',
  columns: {
    reference: 'Reference Number',
    modified: 'Date Last Modified',
    created: 'Date Created',
    status: 'Status',
  },
  /** "1-25 of 1 234". */
  rangeOf: (range: string, total: string) => `${range} of ${total}`,
} as const;

export const DETAIL_TEXTS = {
  searchVouchers: 'Search vouchers by reference',
  currentState: 'Current State',
  reference: 'Voucher Reference',
  created: 'Created',
  balance: 'Available Balance',
  history: 'History',
  placeOnHold: 'Place on Hold',
  releaseHold: 'Release Hold',
  rollBack: 'Roll Back',
  rollForward: 'Roll Forward',
  eventAmount: 'Event Amount',
  orderBalance: 'Order balance',
  merchantId: 'Merchant ID',
  terminalId: 'Terminal ID',
  recipientId: 'Recipient ID',
  place: 'Place',
  origin: 'Origin',
  openTransaction: 'View transaction',
  noHistory: 'This voucher has no history yet.',
} as const;

/** Section 5: the modals' required fields. */
export const MODAL_TEXTS = {
  comment: 'Add a comment',
  supportId: 'Support ID',
  cancel: 'Cancel',
  holdQuestion: (reference: string) =>
    `Place voucher ${reference} on hold? It cannot be redeemed while on hold.`,
  releaseQuestion: (reference: string) =>
    `Release the hold on voucher ${reference}? It can be redeemed again.`,
  rollBackQuestion: (reference: string) =>
    `Roll back the redemption of voucher ${reference}? The redeemed amount returns to the voucher's balance.`,
  rollForwardQuestion: (reference: string) =>
    `Roll forward the redemption of voucher ${reference}? The redemption is completed as if the merchant had confirmed it.`,
} as const;

export type VoucherChange = 'hold' | 'release' | 'roll-back' | 'roll-forward';

const CHANGE_DONE: Record<VoucherChange, string> = {
  hold: 'placed on hold',
  release: 'placed off hold',
  'roll-back': 'rolled back',
  'roll-forward': 'rolled forward',
};

/** Section 8's toasts; the success texts are not given there, so they mirror the failures. */
export const VOUCHER_MESSAGES = {
  changed: (change: VoucherChange, reference: string) =>
    `Voucher ${reference} was successfully ${CHANGE_DONE[change]}.`,
  changeFailed: (change: VoucherChange, reference: string) =>
    `Voucher ${reference} was unable to be ${CHANGE_DONE[change]}. Please try again or contact support for help.`,
  searchFailed: retrievalFailedText('vouchers'),
  voucherFailed: retrievalFailedText('the voucher'),
  notFound: (reference: string) => `Can not find the voucher for ${reference}`,
  retry: 'Try again',
} as const;
