import type { Review } from '@web-control/contract/reviews';
import { describe, expect, it } from 'vitest';
import { ageText } from './inbox/constants';
import { reviewScreenPath } from './paths';

const REVIEW: Review = {
  id: '6f1c2b1e-0000-4000-8000-000000000001',
  kind: 'LOAD_FILE',
  area: 'finance',
  summary: 'Load file bank.csv (process 3)',
  requestedBy: 'finance-operator',
  requestedAt: '2026-03-02T08:00:00.000Z',
  scope: '3',
};

describe('reviews inbox', () => {
  it('opens each area’s own review screen', () => {
    expect(reviewScreenPath(REVIEW)).toBe(`/dashboard/finance/processes/3/approvals/${REVIEW.id}`);
    expect(
      reviewScreenPath({ ...REVIEW, area: 'config-maps', kind: 'MAP_REVIEW', id: 'bins', scope: 'bins' }),
      'the map’s review in Map Approvals',
    ).toBe('/dashboard/config/approvals?map=bins');
    expect(reviewScreenPath({ ...REVIEW, area: 'load-balancer', kind: 'RECEIVER_WEIGHT' })).toBe(
      `/dashboard/load-balancer/reviews/${REVIEW.id}`,
    );
    expect(reviewScreenPath({ ...REVIEW, area: 'admin', kind: 'USER_UPDATE' })).toBe(
      `/dashboard/admin/reviews/${REVIEW.id}`,
    );
  });

  it('says a request’s age in whole minutes, hours, then days', () => {
    const at = Date.parse(REVIEW.requestedAt);
    expect(ageText(REVIEW.requestedAt, at + 59_999)).toBe('0 min');
    expect(ageText(REVIEW.requestedAt, at + 59 * 60_000)).toBe('59 min');
    expect(ageText(REVIEW.requestedAt, at + 47 * 3_600_000)).toBe('47 h');
    expect(ageText(REVIEW.requestedAt, at + 50 * 3_600_000)).toBe('2 d');
  });
});
