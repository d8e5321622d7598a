import type { Permission } from '@web-control/contract/permissions';
import type { FourEyesArea } from '@web-control/contract/runtime-config';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { defineArea } from '../../shared/screens/define-area';
import { REVIEWS_PATH } from './paths';

/** Who reviews an area's requests when FOUR_EYES makes its changes requests (as the platform decides). */
const FOUR_EYES_REVIEWERS: Record<FourEyesArea, Permission> = {
  'load-balancer': 'EDIT_LOAD_BALANCER',
  admin: 'MANAGE_USERS',
};

/**
 * Who has something to review: finance and map approvers always; a load balancer editor or a user
 * manager only when FOUR_EYES sends their area's changes for review (off, they never have any).
 */
export function reviewPermissions(): Permission[] {
  const fourEyes = getRuntimeConfig()?.fourEyes ?? [];
  return ['APPROVE_ACTIONS', 'APPROVE_MAPS', ...fourEyes.map((area) => FOUR_EYES_REVIEWERS[area])];
}

export const REVIEWS_SCREENS = defineArea({
  permissions: [],
  load: () => import('./routes'),
  screens: [{ path: REVIEWS_PATH, component: (area) => area.ReviewsPage, paletteLabel: 'Reviews' }],
  menu: { label: 'Reviews', to: REVIEWS_PATH, anyOf: reviewPermissions },
});
