import type { Permission } from './permissions.ts';

/** Where a review belongs: each opens that area's own review screen. */
export const REVIEW_AREAS = ['finance', 'config-maps', 'load-balancer', 'admin'] as const;
export type ReviewArea = (typeof REVIEW_AREAS)[number];

/**
 * Who reviews each area's requests; the inbox lists only the areas the user may review. The load
 * balancer's and user administration's have requests only while FOUR_EYES names them. Apart from
 * the requests' schemas, so that the console's menu takes it without them.
 */
export const REVIEW_PERMISSIONS: Readonly<Record<ReviewArea, Permission>> = {
  finance: 'APPROVE_ACTIONS',
  'config-maps': 'APPROVE_MAPS',
  'load-balancer': 'EDIT_LOAD_BALANCER',
  admin: 'MANAGE_USERS',
};
