import { z } from 'zod';
import { REVIEW_AREAS, REVIEWS_MAX_PAGE_SIZE } from '@web-control/contract/reviews';
import { text } from '@web-control/contract/inputs';
import type { ExportDefinition } from '../exports/service.ts';
import { REVIEW_PERMISSIONS, type ReviewsService } from './service.ts';

const reviewsExportQuerySchema = z.object({
  kind: text().max(64).optional(),
  area: z.enum(REVIEW_AREAS).optional(),
  requester: text().max(128).optional(),
});

/**
 * The inbox as CSV: its columns, requested-at as ISO 8601 UTC and the age as whole seconds at the
 * export's start (the screen's "3 h" in machine form), page by page of the same list.
 */
export function createReviewsExport(
  reviews: ReviewsService,
): ExportDefinition<z.infer<typeof reviewsExportQuerySchema>> {
  return {
    // Any reviewer may export their inbox: the rows are those they may review.
    permissions: Object.values(REVIEW_PERMISSIONS),
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
