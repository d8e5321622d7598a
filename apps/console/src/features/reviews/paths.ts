import type { Review } from '@web-control/contract/reviews';

export const REVIEWS_PATH = '/dashboard/reviews';

/**
 * Each area's own review screen (features never import one another, so their paths are written
 * here): a finance action's approval, the map's review in Map Approvals, a receiver change's or a user or role
 * change's review.
 */
export function reviewScreenPath(review: Review): string {
  switch (review.area) {
    case 'finance':
      return `/dashboard/finance/processes/${encodeURIComponent(review.scope)}/approvals/${encodeURIComponent(review.id)}`;
    case 'config-maps':
      return `/dashboard/config/approvals?map=${encodeURIComponent(review.scope)}`;
    case 'load-balancer':
      return `/dashboard/load-balancer/reviews/${encodeURIComponent(review.id)}`;
    case 'admin':
      return `/dashboard/admin/reviews/${encodeURIComponent(review.id)}`;
  }
}
