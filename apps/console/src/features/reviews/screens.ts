import { defineArea } from '../../shared/screens/define-area';
import { REVIEWS_PATH } from './paths';

/** Any reviewer: the inbox lists the areas each user may review (the platform decides). */
export const REVIEW_PERMISSIONS = [
  'APPROVE_ACTIONS',
  'APPROVE_MAPS',
  'EDIT_LOAD_BALANCER',
  'MANAGE_USERS',
] as const;

export const REVIEWS_SCREENS = defineArea({
  permissions: [],
  load: () => import('./routes'),
  screens: [{ path: REVIEWS_PATH, component: (area) => area.ReviewsPage, paletteLabel: 'Reviews' }],
  menu: { label: 'Reviews', to: REVIEWS_PATH, anyOf: [...REVIEW_PERMISSIONS] },
});
