import { ERROR_CODES } from '@web-control/contract/errors';
import { z } from 'zod';
import { HttpError } from './http-error';

const fieldDetailsSchema = z.array(z.object({ field: z.string(), message: z.string() }));

/** The statuses the console tells apart. */
export const HTTP_STATUS = {
  badRequest: 400,
  unauthenticated: 401,
  notFound: 404,
  conflict: 409,
  firstServerError: 500,
} as const;

/** The status a refused call answered with; undefined when no answer came (timeout, network). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

/** Refused because the resource changed or already exists (409). */
export function isConflict(error: unknown): boolean {
  return statusOf(error) === HTTP_STATUS.conflict;
}

export function isNotFound(error: unknown): boolean {
  return statusOf(error) === HTTP_STATUS.notFound;
}

/** A 4xx: the operator's input or rights were refused, so the platform's reason says what to change. */
export function isRefusal(error: unknown): error is HttpError {
  const status = statusOf(error);
  return status !== undefined && status < HTTP_STATUS.firstServerError;
}

/** Statuses of a refusal that asking again later may pass: a timeout, too many requests. */
const RETRYABLE_REFUSALS: ReadonlySet<number> = new Set([408, 429]);

/**
 * Whether asking again the same may answer otherwise: a fault of the system or the network, not a
 * refusal of what was asked (a link's field the platform does not know is refused every time).
 */
export function isRetryable(error: unknown): boolean {
  return !isRefusal(error) || RETRYABLE_REFUSALS.has(error.status);
}

/**
 * The one rule for showing a failed call: a 4xx carrying the platform's error body shows its
 * reason (`errorMessage`, or a validation answer's messages); a 5xx, a timeout or a network failure shows the caller's fallback (the
 * catalogue's "contact support" text), since the operator can change nothing about it.
 */
export function errorMessageOf<TFallback>(error: unknown, fallback: TFallback): string | TFallback {
  const body = isRefusal(error) ? error.errorBody : undefined;
  if (!body) return fallback;
  // A validation answer's summary names fields by their wire names; its details say it for people.
  const fields = fieldDetailsSchema.safeParse(body.details);
  return body.code === ERROR_CODES.validation && fields.success && fields.data.length > 0
    ? fields.data.map((detail) => detail.message).join(' ')
    : body.errorMessage;
}

const bodyDetailsSchema = z.array(
  z.object({ location: z.string().optional(), field: z.string(), message: z.string() }),
);

/**
 * The fields a refusal names (a rule a 400 found, a name a 409 found taken), each with the
 * platform's reason: the body's, or those of another part of the request.
 */
export function refusedFieldsOf(
  error: unknown,
  location: 'body' | 'querystring' = 'body',
): { field: string; message: string }[] {
  const body = isRefusal(error) ? error.errorBody : undefined;
  const details = bodyDetailsSchema.safeParse(body?.details);
  if (!details.success) return [];
  return details.data.flatMap((detail) =>
    detail.location === location ? [{ field: detail.field, message: detail.message }] : [],
  );
}

/** A page so far (a link's `page=999999999`) that the platform refuses its offset: past the list's end. */
export function isPastTheFarthestPage(error: unknown): boolean {
  return (
    statusOf(error) === HTTP_STATUS.badRequest &&
    refusedFieldsOf(error, 'querystring').some(({ field }) => field === 'offset')
  );
}

/** Whether a form showing `fields` says the whole refusal at its fields: it names some, and none other. */
export function saidAtFields(error: unknown, fields: readonly string[]): boolean {
  const refused = refusedFieldsOf(error);
  return refused.length > 0 && refused.every(({ field }) => fields.includes(field));
}

/** The rule of errorMessageOf with a catalogue text that names the status: "Could not … (503). …". */
export function refusalText(error: unknown, failedText: (status: number | undefined) => string): string {
  return errorMessageOf(error, null) ?? failedText(statusOf(error));
}

/** The catalogue's text for a load that failed on the platform's side: "Could not retrieve … (503). Contact support if this persists." */
export function retrievalFailedText(what: string): (status: number | undefined) => string {
  return (status) =>
    `Could not retrieve ${what}${status === undefined ? '' : ` (${status})`}. Contact support if this persists.`;
}
