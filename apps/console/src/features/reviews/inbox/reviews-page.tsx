import { Button, Stack, TextInput } from '@mantine/core';
import {
  REVIEW_AREAS,
  REVIEW_KIND_LABELS,
  REVIEWS_PAGE_SIZE,
  reviewsQuerySchema,
  type Review,
  type ReviewArea,
} from '@web-control/contract/reviews';
import { Link, useLocation } from 'react-router';
import { formatNumericSeconds } from '../../../shared/format/dates';
import { LiveTitle } from '../../../shared/live/live-title';
import { useCan } from '../../../shared/session/permissions';
import { TurnAway } from '../../../shared/session/turn-away';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf } from '../../../shared/ui/paging';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { useListUrlState } from '../../../shared/url/use-list-url-state';
import {
  choiceParam,
  searchFieldRefusal,
  searchTextParam,
  type UrlParams,
} from '../../../shared/url/url-params';
import { useReviews } from '../api/get-reviews';
import { reviewScreenPath } from '../paths';
import { reviewableAreas } from '../screens';
import { AREA_LABELS, ageText, filterOptions, REVIEWS_FILTER_DEBOUNCE_MS, REVIEWS_TEXTS } from './constants';
import { Select } from '../../../shared/ui/select';
import { FilterGroup } from '../../../shared/ui/filter-group';

interface ReviewFilters {
  kind: string | null;
  area: ReviewArea | null;
  requester: string;
}

const URL_PARAMS: UrlParams<ReviewFilters> = {
  kind: choiceParam(Object.keys(REVIEW_KIND_LABELS)),
  area: choiceParam(REVIEW_AREAS),
  requester: searchTextParam(),
};

function listTexts(filtered: boolean): PagedListTexts {
  return {
    loading: REVIEWS_TEXTS.loading,
    failed: REVIEWS_TEXTS.failed,
    empty: filtered ? REVIEWS_TEXTS.emptyFiltered : REVIEWS_TEXTS.empty,
    pages: REVIEWS_TEXTS.pages,
  };
}

function columns(now: number, from: string): DataTableColumn<Review>[] {
  return [
    { id: 'kind', header: 'Kind', cell: (review) => REVIEW_KIND_LABELS[review.kind] ?? review.kind },
    { id: 'area', header: 'Area', cell: (review) => AREA_LABELS[review.area] },
    { id: 'summary', header: 'Summary', rowHeader: true, cell: (review) => review.summary },
    { id: 'requestedBy', header: 'Requested by', cell: (review) => review.requestedBy },
    { id: 'when', header: 'When', cell: (review) => formatNumericSeconds(review.requestedAt) },
    { id: 'age', header: 'Age', cell: (review) => ageText(review.requestedAt, now) },
    {
      id: 'open',
      header: 'Open',
      headerHidden: true,
      align: 'right',
      cell: (review) => (
        <Button
          component={Link}
          to={reviewScreenPath(review)}
          state={{ from }}
          variant="light"
          size="xs"
          aria-label={`Open ${review.summary}`}
        >
          {REVIEWS_TEXTS.open}
        </Button>
      ),
    },
  ];
}

/** Every pending request the user may review, across areas; never their own. */
export function ReviewsPage() {
  const can = useCan();
  const location = useLocation();
  const { filters, settled, change, paging } = useListUrlState({
    params: URL_PARAMS,
    defaults: () => ({ kind: null, area: null, requester: '' }),
    size: REVIEWS_PAGE_SIZE,
    debounceMs: REVIEWS_FILTER_DEBOUNCE_MS,
  });
  const requester = settled.requester.trim();
  const filter = {
    ...(settled.kind === null ? {} : { kind: settled.kind }),
    ...(settled.area === null ? {} : { area: settled.area }),
    ...(requester === '' ? {} : { requester }),
  };
  // A card number as the requester, typed or a link's, is never sent nor written to the address;
  // it and any other refusal of the platform's (too long) are said at the field, and the list waits.
  const requesterRefusal = searchFieldRefusal(
    { typed: filters.requester, search: location.search, name: 'requester' },
    { cardNumber: REVIEWS_TEXTS.requesterCardNumber, schema: reviewsQuerySchema.shape.requester },
  );
  const waits = requesterRefusal.waits;
  // A user who may review nothing is turned away, and asks nothing the platform would refuse.
  const reviewable = reviewableAreas(can);
  const mayReview = reviewable.length > 0;
  const reviews = useReviews({ ...filter, ...pageQueryOf(paging) }, mayReview && !waits);
  if (!mayReview) return <TurnAway />;
  const options = filterOptions(reviewable, filters);
  // Ages count from the answer's time, so they hold still between refreshes.
  const now = reviews.dataUpdatedAt;
  return (
    <Stack>
      <PageTitle title={REVIEWS_TEXTS.title} />
      <LiveTitle>{REVIEWS_TEXTS.title}</LiveTitle>
      <FilterGroup role="search" aria-label={REVIEWS_TEXTS.filters}>
        <Select
          label="Kind"
          placeholder="All kinds"
          data={options.kinds}
          value={filters.kind}
          onChange={(kind) => change({ kind })}
          clearable
        />
        <Select
          label="Area"
          placeholder="All areas"
          data={options.areas}
          value={filters.area}
          onChange={(area) => change({ area })}
          clearable
        />
        <TextInput
          label="Requested by"
          value={filters.requester}
          onChange={(event) => change({ requester: event.currentTarget.value })}
          error={requesterRefusal.error}
          autoComplete="off"
        />
        <CopyLinkButton />
        <ExportCsvButton list="reviews" filter={filter} disabled={waits} />
      </FilterGroup>
      <PagedList
        waiting={waits ? REVIEWS_TEXTS.waitingForRequester : null}
        query={reviews}
        paging={paging}
        texts={listTexts(Object.keys(filter).length > 0)}
        rowsOf={(data) => data.reviews}
        totalOf={(data) => data.total}
        table={{
          columns: columns(now, `${location.pathname}${location.search}`),
          rowId: (review) => `${review.area}:${review.id}`,
          label: REVIEWS_TEXTS.table,
          minWidth: 900,
          highlightOnHover: true,
        }}
      />
    </Stack>
  );
}
