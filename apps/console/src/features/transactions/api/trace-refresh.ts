import { transactionNotFoundDetailsSchema } from '@web-control/contract/transactions';
import { isNotFound } from '../../../shared/http/error-message';
import { HttpError } from '../../../shared/http/http-error';
import { TRACE_REFRESH_MS } from '../trace/constants';

/** True when the platform's 404 says the leg is being written (a just-recorded leg names it as its next). */
export function isPendingLeg(error: unknown): boolean {
  if (!(error instanceof HttpError) || !isNotFound(error)) return false;
  return transactionNotFoundDetailsSchema.safeParse(error.errorBody?.details).data?.pending === true;
}

/** A leg the platform says does not exist and is not being written never will: nothing to ask again. */
export function isGoneForGood(error: unknown): boolean {
  return isNotFound(error) && !isPendingLeg(error);
}

/** A trace's leg and messages are asked again while it may change, not once it is gone for good. */
export function traceRefetchInterval(query: { state: { error: unknown } }): number | false {
  return isGoneForGood(query.state.error) ? false : TRACE_REFRESH_MS;
}
