import type { Permission } from '@web-control/contract/permissions';
import { REVIEW_AREAS, REVIEW_PERMISSIONS, type ReviewArea } from '@web-control/contract/review-areas';
import { FOUR_EYES_AREAS } from '@web-control/contract/runtime-config';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { defineArea } from '../../shared/screens/define-area';
import { REVIEWS_PATH } from './paths';

/**
 * The areas with requests to review: finance and maps always; the load balancer and user
 * administration only when FOUR_EYES sends their changes for review (off, they never have any).
 */
function areasUnderReview(): ReviewArea[] {
  const fourEyes: readonly string[] = getRuntimeConfig()?.fourEyes ?? [];
  const underFourEyes: readonly string[] = FOUR_EYES_AREAS;
  return REVIEW_AREAS.filter((area) => !underFourEyes.includes(area) || fourEyes.includes(area));
}

/** Who has something to review, as the platform decides. */
export function reviewPermissions(): Permission[] {
  return areasUnderReview().map((area) => REVIEW_PERMISSIONS[area]);
}

/** The areas whose requests the user may review. */
export function reviewableAreas(can: (permission: Permission) => boolean): ReviewArea[] {
  return areasUnderReview().filter((area) => can(REVIEW_PERMISSIONS[area]));
}

export const REVIEWS_SCREENS = defineArea({
  permissions: [],
  load: () => import('./routes'),
  screens: [{ path: REVIEWS_PATH, component: (area) => area.ReviewsPage, paletteLabel: 'Reviews' }],
  menu: { label: 'Reviews', to: REVIEWS_PATH, anyOf: reviewPermissions },
});
