import { transactionNotFoundDetailsSchema } from '@web-control/contract/transactions';
import { isNotFound } from '../../../shared/http/error-message';
import { HttpError } from '../../../shared/http/http-error';

/** True when the platform's 404 says the leg is being written (a just-recorded leg names it as its next). */
export function isPendingLeg(error: unknown): boolean {
  if (!(error instanceof HttpError) || !isNotFound(error)) return false;
  return transactionNotFoundDetailsSchema.safeParse(error.errorBody?.details).data?.pending === true;
}

/** A leg the platform says does not exist and is not being written never will: nothing to ask again. */
export function isGoneForGood(error: unknown): boolean {
  return isNotFound(error) && !isPendingLeg(error);
}

/**
 * A trace's leg and messages are asked again (every 5 s, and on coming back to the window) while
 * they may change: not once the platform says the leg is gone for good.
 */
export function asksAgain(query: { state: { error: unknown } }): boolean {
  return !isGoneForGood(query.state.error);
}
