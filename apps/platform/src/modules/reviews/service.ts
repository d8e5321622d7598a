import { holdsAll } from '@web-control/contract/permissions';
import {
  MAP_REVIEW_KIND,
  REVIEW_AREA_KINDS,
  REVIEW_KIND_LABELS,
  REVIEW_PERMISSIONS,
  type Review,
  type ReviewArea,
  type ReviewsResponse,
} from '@web-control/contract/reviews';
import type { Db } from '../../db/schema.ts';
import type { AdminReviews } from '../auth/admin-reviews.ts';
import { listPendingReviews } from '../approvals/service.ts';
import type { ConfigMapsService } from '../config-maps/service.ts';
import type { FinanceService } from '../finance/service.ts';
import type { ReceiverReviews } from '../load-balancer/receiver-reviews.ts';

type FinanceReviews = Pick<FinanceService, 'reviewSummaries'>;

export interface Reviewer {
  userId: string;
  username: string;
  permissions: readonly string[];
}

export interface ReviewsFilter {
  kind?: string | undefined;
  area?: ReviewArea | undefined;
  requester?: string | undefined;
  offset: number;
  limit: number;
}

/** A finance request whose action row cannot be read is named from its payload alone. */
function financeSummary(kind: string, payload: unknown): string {
  const label = REVIEW_KIND_LABELS[kind] ?? kind;
  const { fileName } = (payload ?? {}) as { fileName?: string };
  return `${label}${fileName === undefined ? '' : ` ${fileName}`}`;
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** Oldest first, then by id: the inbox's order. */
function byAge(left: Review, right: Review): number {
  return left.requestedAt.localeCompare(right.requestedAt) || left.id.localeCompare(right.id);
}

/**
 * A page of the inbox: the engine's requests, paged in the database, merged with the (few) map
 * reviews, without reading the requests before the page.
 */
export async function pageOfReviews(
  unsortedMaps: readonly Review[],
  engine: (page: { offset: number; limit: number }) => Promise<{ reviews: Review[]; total: number }>,
  page: { offset: number; limit: number },
): Promise<ReviewsResponse> {
  const maps = [...unsortedMaps].sort(byAge);
  // The requests the page surely starts after, were every map review older than them.
  const skip = Math.max(0, page.offset - maps.length);
  const fetched = await engine({ offset: skip, limit: page.limit + maps.length });
  const total = fetched.total + maps.length;
  const first = fetched.reviews[0];
  if (skip > 0 && first === undefined) return { reviews: [], total };
  // Where the fetched requests start in the whole list: after `skip` requests and the map
  // reviews older than the first of them.
  const mapsBefore =
    skip === 0 || first === undefined ? 0 : maps.filter((map) => byAge(map, first) < 0).length;
  const start = skip + mapsBefore;
  const tail = mergeByAge(fetched.reviews, maps.slice(mapsBefore));
  return { reviews: tail.slice(page.offset - start, page.offset - start + page.limit), total };
}

/** The engine's requests (in the database's order, kept) and map reviews, merged oldest first. */
function mergeByAge(requests: readonly Review[], maps: readonly Review[]): Review[] {
  const merged: Review[] = [];
  let next = 0;
  for (const request of requests) {
    while (next < maps.length && byAge(maps[next] as Review, request) < 0)
      merged.push(maps[next++] as Review);
    merged.push(request);
  }
  return [...merged, ...maps.slice(next)];
}

/**
 * The reviews inbox: every pending request the user may decide, across the approvals engine's
 * kinds and the map reviews, never one they authored; oldest first.
 */
export function createReviewsService(deps: {
  db: Db;
  configMaps: ConfigMapsService;
  receiverReviews: ReceiverReviews;
  adminReviews: AdminReviews;
  financeReviews: FinanceReviews;
}) {
  function areasOf(reviewer: Reviewer, filter: ReviewsFilter): ReviewArea[] {
    return (Object.keys(REVIEW_PERMISSIONS) as ReviewArea[]).filter(
      (area) =>
        holdsAll(reviewer.permissions, [REVIEW_PERMISSIONS[area]]) &&
        (filter.area === undefined || filter.area === area),
    );
  }

  async function mapReviews(reviewer: Reviewer, filter: ReviewsFilter): Promise<Review[]> {
    if (filter.kind !== undefined && filter.kind !== MAP_REVIEW_KIND) return [];
    const reviews: Review[] = [];
    for (const map of await deps.configMaps.listMaps({ onlyPendingReview: true })) {
      const submitted = await deps.configMaps.listVersions(map.id, 'submitted');
      const oldest = submitted.at(-1);
      if (oldest === undefined || submitted.some((version) => version.authors.includes(reviewer.username)))
        continue;
      // Listed as the oldest submission's (it has waited since), found by any submitter's name.
      const requester = filter.requester?.toLowerCase();
      if (requester !== undefined && !submitted.some((version) => version.userId.toLowerCase() === requester))
        continue;
      reviews.push({
        id: map.id,
        kind: MAP_REVIEW_KIND,
        area: 'config-maps',
        summary: `Map ${map.name}: ${submitted.length} submitted version${submitted.length === 1 ? '' : 's'}`,
        requestedBy: oldest.userId,
        requestedAt: new Date(oldest.timeSubmitted).toISOString(),
        scope: map.id,
      });
    }
    return reviews;
  }

  async function engineReviews(
    reviewer: Reviewer,
    areas: readonly ReviewArea[],
    filter: ReviewsFilter,
    page: { offset: number; limit: number },
  ) {
    const kinds = areas
      .flatMap((area) =>
        area === 'config-maps' ? [] : REVIEW_AREA_KINDS[area].map((kind) => ({ kind, area })),
      )
      .filter((entry) => filter.kind === undefined || entry.kind === filter.kind);
    const areaOf = new Map(kinds.map((entry) => [entry.kind, entry.area]));
    const { reviews, total } = await listPendingReviews(deps.db, {
      kinds: kinds.map((entry) => entry.kind),
      reviewerId: reviewer.userId,
      requester: filter.requester,
      ...page,
    });
    const finance = await deps.financeReviews.reviewSummaries(
      reviews.filter((review) => areaOf.get(review.kind) === 'finance').map((review) => review.id),
    );
    return {
      total,
      reviews: reviews.map((review): Review => {
        const area = areaOf.get(review.kind) ?? 'finance';
        return {
          id: review.id,
          kind: review.kind,
          area,
          summary:
            area === 'load-balancer'
              ? deps.receiverReviews.summaryOf(review.payload)
              : area === 'admin'
                ? deps.adminReviews.summaryOf(review.kind, review.payload)
                : (finance.get(review.id) ?? financeSummary(review.kind, review.payload)),
          requestedBy: review.requestedBy,
          requestedAt: review.requestedAt.toISOString(),
          scope: review.scope,
        };
      }),
    };
  }

  return {
    async list(reviewer: Reviewer, filter: ReviewsFilter): Promise<ReviewsResponse> {
      const areas = areasOf(reviewer, filter);
      const maps = areas.includes('config-maps') ? await mapReviews(reviewer, filter) : [];
      return pageOfReviews(maps, (page) => engineReviews(reviewer, areas, filter, page), filter);
    },
  };
}
