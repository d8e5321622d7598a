import {
  REVIEW_AREA_KINDS,
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

interface FilterOption<Value extends string> {
  value: Value;
  label: string;
}

/** A link's choice the user cannot review still shows as chosen, last. */
function withChosen<Value extends string>(
  options: FilterOption<Value>[],
  chosen: Value | null,
  label: (value: Value) => string,
): FilterOption<Value>[] {
  return chosen === null || options.some((option) => option.value === chosen)
    ? options
    : [...options, { value: chosen, label: label(chosen) }];
}

/**
 * What the filters offer: the areas the user may review, and their kinds (the chosen area's
 * alone once one is chosen), in the order of the Kind column's names.
 */
export function filterOptions(
  reviewable: readonly ReviewArea[],
  chosen: { area: ReviewArea | null; kind: string | null },
): { areas: FilterOption<ReviewArea>[]; kinds: FilterOption<string>[] } {
  const areas = reviewable.map((value) => ({ value, label: AREA_LABELS[value] }));
  const kindsOf = new Set(
    (chosen.area === null ? reviewable : [chosen.area]).flatMap((area) => REVIEW_AREA_KINDS[area]),
  );
  const kinds = Object.entries(REVIEW_KIND_LABELS)
    .filter(([value]) => kindsOf.has(value))
    .map(([value, label]) => ({ value, label }));
  return {
    areas: withChosen(areas, chosen.area, (value) => AREA_LABELS[value]),
    kinds: withChosen(kinds, chosen.kind, (value) => REVIEW_KIND_LABELS[value] ?? value),
  };
}

/** How long a request has waited: minutes, hours or days, whole. */
export function ageText(requestedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(requestedAt)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
