import {
  REVIEW_AREAS,
  REVIEW_KIND_LABELS,
  REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE,
  type ReviewArea,
} from '@web-control/contract/reviews';

/** A typed filter reaches the address (and the request) this long after the last key. */
export const REVIEWS_FILTER_DEBOUNCE_MS = 400;

export const REVIEWS_TEXTS = {
  title: 'Reviews',
  loading: 'Loading reviews',
  failed: 'Could not fetch the requests to review. Contact support if this persists.',
  empty: 'Nothing waits for your review.',
  /** The filters hide what waits: the menu's count still holds it. */
  emptyFiltered: 'No request waiting for your review matches the filters.',
  requesterCardNumber: REVIEWS_REQUESTER_CARD_NUMBER_MESSAGE,
  waitingForRequester: 'Correct or clear Requested by to see the requests.',
  pages: 'Review pages',
  table: 'Requests to review',
  open: 'Open',
  filters: 'Review filters',
} as const;

export const AREA_LABELS: Record<ReviewArea, string> = {
  finance: 'Finance',
  'config-maps': 'Config maps',
  'load-balancer': 'Load balancer',
  admin: 'User Management',
};

export const AREA_OPTIONS = REVIEW_AREAS.map((value) => ({ value, label: AREA_LABELS[value] }));

/** The kinds a user may filter by, with their names. */
export const KIND_OPTIONS = Object.entries(REVIEW_KIND_LABELS).map(([value, label]) => ({ value, label }));

/** How long a request has waited: minutes, hours or days, whole. */
export function ageText(requestedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(requestedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
