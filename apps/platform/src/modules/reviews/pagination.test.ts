import { describe, expect, it } from 'vitest';
import type { Review } from '@web-control/contract/reviews';
import { pageOfReviews } from './service.ts';

function review(id: string, minute: number, kind = 'LOAD_FILE'): Review {
  return {
    id,
    kind,
    area: kind === 'LOAD_FILE' ? 'finance' : 'config-maps',
    summary: id,
    requestedBy: 'someone',
    requestedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    scope: id,
  };
}

describe('a page of the reviews inbox', () => {
  // 30 engine requests, one a minute from minute 1; four map reviews among and around them.
  const requests = Array.from({ length: 30 }, (_, index) =>
    review(`r${String(index + 1).padStart(2, '0')}`, index + 1),
  );
  const maps = [
    review('map-z', 40, 'MAP'),
    review('map-a', 0, 'MAP'),
    review('map-m', 12, 'MAP'),
    review('map-n', 12, 'MAP'),
  ];
  const whole = [...requests, ...maps].sort(
    (left, right) => left.requestedAt.localeCompare(right.requestedAt) || left.id.localeCompare(right.id),
  );

  it('is the slice of the whole list, oldest first, reading only the requests near the page', async () => {
    for (const limit of [1, 5, 7]) {
      for (let offset = 0; offset <= whole.length + 2; offset += 1) {
        const asked: Array<{ offset: number; limit: number }> = [];
        const page = await pageOfReviews(
          maps,
          (range) => {
            asked.push(range);
            return Promise.resolve({
              reviews: requests.slice(range.offset, range.offset + range.limit),
              total: requests.length,
            });
          },
          { offset, limit },
        );
        expect(
          page.reviews.map((item) => item.id),
          `offset ${String(offset)}, limit ${String(limit)}`,
        ).toEqual(whole.slice(offset, offset + limit).map((item) => item.id));
        expect(page.total).toBe(34);
        expect(asked).toEqual([{ offset: Math.max(0, offset - maps.length), limit: limit + maps.length }]);
      }
    }
  });
});
