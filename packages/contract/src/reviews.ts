import { z } from 'zod';
import { ACTION_TYPES } from './finance.ts';
import { text } from './inputs.ts';
import { holdsCardNumber } from './iso8583-masking.ts';
import { REVIEW_AREAS, type ReviewArea } from './review-areas.ts';
import { cardNumbersMasked } from './validation.ts';

export { REVIEW_AREAS, REVIEW_PERMISSIONS, type ReviewArea } from './review-areas.ts';

export { FOUR_EYES_AREAS, type FourEyesArea } from './runtime-config.ts';

/** The load balancer's request kinds under FOUR_EYES=load-balancer. */
export const LB_REVIEW_KINDS = ['RECEIVER_ACTIVE', 'RECEIVER_WEIGHT'] as const;

/** User administration's request kinds under FOUR_EYES=admin. */
export const ADMIN_REVIEW_KINDS = [
  'USER_CREATE',
  'USER_UPDATE',
  'USER_DELETE',
  'ROLE_CREATE',
  'ROLE_UPDATE',
  'ROLE_DELETE',
] as const;
export type AdminReviewKind = (typeof ADMIN_REVIEW_KINDS)[number];

/** The map reviews' kind in the inbox (they keep their own review engine). */
export const MAP_REVIEW_KIND = 'MAP_REVIEW';

/** The kinds of request each area's reviews are. */
export const REVIEW_AREA_KINDS: Readonly<Record<ReviewArea, readonly string[]>> = {
  finance: ACTION_TYPES,
  'config-maps': [MAP_REVIEW_KIND],
  'load-balancer': LB_REVIEW_KINDS,
  admin: ADMIN_REVIEW_KINDS,
};

/** Every kind of request the inbox lists, by its name: the inbox's Kind column and filter, and the finance summaries. */
export const REVIEW_KIND_LABELS: Readonly<Record<string, string>> = {
  ACCEPT_TRANSACTIONS: 'Accept transactions',
  REJECT_TRANSACTIONS: 'Reject transactions',
  RESOLVE_TRANSACTIONS: 'Resolve transactions',
  LOAD_FILE: 'Load file',
  RELOAD_FILE: 'Reload file',
  ROLLBACK_FILE: 'Rollback file',
  [MAP_REVIEW_KIND]: 'Map review',
  RECEIVER_ACTIVE: 'Receiver on or off',
  RECEIVER_WEIGHT: 'Receiver weight',
  USER_CREATE: 'Create user',
  USER_UPDATE: 'Change user',
  USER_DELETE: 'Delete user',
  ROLE_CREATE: 'Create role',
  ROLE_UPDATE: 'Change role',
  ROLE_DELETE: 'Delete role',
};

export const REVIEWS_PAGE_SIZE = 20;
export const REVIEWS_MAX_PAGE_SIZE = 100;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;

export const REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE =
  'A card number is never searched: give the username of the requester.';

export const reviewsQuerySchema = z.object({
  // A kind the inbox never lists is refused as an unknown area is, not answered with nothing.
  kind: z.enum(Object.keys(REVIEW_KIND_LABELS) as [string, ...string[]]).optional(),
  area: z.enum(REVIEW_AREAS).optional(),
  requester: text()
    .max(128)
    .refine((value) => !holdsCardNumber(value), REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE)
    .optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(REVIEWS_MAX_PAGE_SIZE).default(REVIEWS_PAGE_SIZE),
});
export type ReviewsQuery = z.infer<typeof reviewsQuerySchema>;

export const reviewSchema = z.object({
  /** The approval request's id, or for a map review the map's id. */
  id: text(),
  kind: text(),
  area: z.enum(REVIEW_AREAS),
  summary: text(),
  requestedBy: text(),
  requestedAt: z.iso.datetime(),
  /** What the area's review screen needs to open it: a process id, a map id. */
  scope: text(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsResponseSchema = z.object({
  reviews: z.array(reviewSchema),
  total: z.number().int().min(0),
});
export type ReviewsResponse = z.infer<typeof reviewsResponseSchema>;

export const reviewCountSchema = z.object({ count: z.number().int().min(0) });

/** A change FOUR_EYES turned into a request: 202 with the request to review. */
export const sentForReviewSchema = z.object({ requestId: text(), status: z.literal('PENDING') });
export type SentForReview = z.infer<typeof sentForReviewSchema>;

export const reviewDecisionSchema = z.object({
  comment: cardNumbersMasked(
    text().trim().min(1, 'Please enter a comment explaining your decision.').max(REVIEW_COMMENT_MAX_LENGTH),
  ),
});

/** One load balancer request as its review screen shows it. */
export const lbReviewSchema = z.object({
  id: text(),
  kind: z.enum(LB_REVIEW_KINDS),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  summary: text(),
  serviceId: text(),
  receiverId: text(),
  requestedBy: text(),
  requestedAt: z.iso.datetime(),
  comment: text().nullable(),
  /** The requester and anyone else whose change it holds: none of them may review it. */
  authors: z.array(text()),
});
export type LbReview = z.infer<typeof lbReviewSchema>;

/** One field a user or role request changes, as its review screen shows it; null where there is none. */
export const reviewChangeSchema = z.object({
  field: text(),
  from: text().nullable(),
  to: text().nullable(),
});
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

/** One user administration request (FOUR_EYES=admin) as its review screen shows it. */
export const adminReviewSchema = z.object({
  id: text(),
  kind: z.enum(ADMIN_REVIEW_KINDS),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  summary: text(),
  changes: z.array(reviewChangeSchema),
  requestedBy: text(),
  requestedAt: z.iso.datetime(),
  comment: text().nullable(),
  /** The requester and the user the request changes: none of them may review it. */
  authors: z.array(text()),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
