import { z, type ZodType } from 'zod';
import { sentForReviewSchema } from '@web-control/contract/reviews';
import { requestWithStatus, type RequestOptions } from './http-client';

/** What a screen says when FOUR_EYES turned its change into a request for another user (Reviews). */
export const SENT_FOR_REVIEW = 'Sent for review';

/** Made at once (2xx), or, with FOUR_EYES on for the area, a request another user approves (202). */
export type ChangeOutcome = 'done' | 'sent-for-review';

const SENT_STATUS = 202;

/** A change whose answer has no body worth reading once made (204). */
export async function requestChange(options: RequestOptions): Promise<ChangeOutcome> {
  const { status } = await requestWithStatus({ ...options, schema: sentForReviewSchema.optional() });
  return status === SENT_STATUS ? 'sent-for-review' : 'done';
}

/** A creation: what was created (201), or 'sent-for-review' (202). */
export async function requestCreation<T>(
  options: RequestOptions & { schema: ZodType<T> },
): Promise<{ created: T } | 'sent-for-review'> {
  const { status, data } = await requestWithStatus({
    ...options,
    schema: z.union([sentForReviewSchema, options.schema]),
  });
  return status === SENT_STATUS ? 'sent-for-review' : { created: options.schema.parse(data) };
}
