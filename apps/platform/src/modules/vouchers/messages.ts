import type { VoucherState } from '@web-control/contract/vouchers';

export const VOUCHER_MESSAGES = {
  notFound: (reference: string) => `Voucher ${reference} does not exist.`,
  notFoundForCustomer: (reference: string, customerId: string) =>
    `Voucher ${reference} does not exist for customer ${customerId}.`,
  noRedemption: (reference: string, authorisationId: string) =>
    `Voucher ${reference} has no redemption with authorisation id ${authorisationId}.`,
  cannotHold: (reference: string, state: VoucherState) =>
    `Voucher ${reference} is ${state}: only a REDEEMABLE voucher can be placed on hold.`,
  cannotRelease: (reference: string, state: VoucherState) =>
    `Voucher ${reference} is ${state}: only a voucher ON_HOLD can be released.`,
  cannotRoll: (reference: string, state: VoucherState, verb: RollVerb) =>
    `Voucher ${reference} is ${state}: only a redemption still REDEMPTION_AUTHORISED can be ${verb}.`,
  notLatest: (reference: string, authorisationId: string, verb: RollVerb) =>
    `Redemption ${authorisationId} is not the most recent redemption of voucher ${reference}: only the most recent one can be ${verb}.`,
  raced: (reference: string, state: VoucherState) =>
    `Voucher ${reference} changed while this change was being made and is now ${state}. Refresh it and try again.`,
} as const;

export type RollVerb = 'rolled back' | 'rolled forward';

/** The history's descriptions of each action; staff changes carry the reason they gave. */
export const VOUCHER_DESCRIPTIONS = {
  create: (branch: string) => `Voucher bought at ${branch}`,
  confirmPayment: 'Payment received: the voucher can be redeemed',
  placeHold: (reason: string) => `Placed on hold: ${reason}`,
  releaseHold: (reason: string) => `Hold released: ${reason}`,
  authoriseRedemption: (merchant: string) => `Redemption authorised at ${merchant}`,
  confirmRedemption: (merchant: string, partial: boolean) =>
    partial ? `Partial redemption confirmed by ${merchant}` : `Redemption confirmed by ${merchant}`,
  rollBack: (supportId: string, comment: string) =>
    `Redemption rolled back (support ${supportId}): ${comment}`,
  rollForward: (supportId: string, comment: string) =>
    `Redemption rolled forward (support ${supportId}): ${comment}`,
  refund: (branch: string) => `Refunded to the sender at ${branch}`,
  expire: (days: number) => `Expired unredeemed after ${days} days: the balance was refunded to the sender`,
} as const;

/** Unredeemed vouchers expire this long after their purchase. */
export const VOUCHER_VALIDITY_DAYS = 30;
