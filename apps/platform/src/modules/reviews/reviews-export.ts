import type { z } from 'zod';
import { REVIEW_PERMISSIONS, REVIEWS_MAX_PAGE_SIZE, reviewsQuerySchema } from '@web-control/contract/reviews';
import type { ExportDefinition } from '../exports/service.ts';
import type { ReviewsService } from './service.ts';

/** The inbox's filters, as the list takes them. */
const reviewsExportQuerySchema = reviewsQuerySchema.pick({ kind: true, area: true, requester: true });

/**
 * The inbox as CSV: its columns, requested-at as ISO 8601 UTC and the age as whole seconds at the
 * export's start (the screen's "3 h" in machine form), page by page of the same list.
 */
export function createReviewsExport(
  reviews: ReviewsService,
): ExportDefinition<z.infer<typeof reviewsExportQuerySchema>> {
  return {
    // Any reviewer may export their inbox: the rows are those they may review.
    permissions: { anyOf: Object.values(REVIEW_PERMISSIONS) },
    querySchema: reviewsExportQuerySchema,
    fileName: 'reviews.csv',
    header: ['Kind', 'Area', 'Summary', 'Requested by', 'When', 'Age'],
    writeRows: async (query, exporter, write) => {
      const exportedAt = Date.now();
      const ageSeconds = (requestedAt: string) =>
        Math.max(0, Math.floor((exportedAt - Date.parse(requestedAt)) / 1000));
      for (let offset = 0; ; offset += REVIEWS_MAX_PAGE_SIZE) {
        const page = await reviews.list(exporter, { ...query, offset, limit: REVIEWS_MAX_PAGE_SIZE });
        await write(
          page.reviews.map((review) => [
            review.kind,
            review.area,
            review.summary,
            review.requestedBy,
            review.requestedAt,
            String(ageSeconds(review.requestedAt)),
          ]),
        );
        if (offset + REVIEWS_MAX_PAGE_SIZE >= page.total) break;
      }
    },
  };
}
