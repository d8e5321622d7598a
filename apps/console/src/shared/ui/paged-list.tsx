import { Button, Group, Pagination, Stack, Text } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { isPastTheFarthestPage } from '../http/error-message';
import { DataTable, type DataTableProps } from './data-table';
import { PAGE_CONTROL_LABELS } from './page-controls';
import { pageCountOf, type PageState } from './paging';
import { EmptyState, QueryState, type QueryLike } from './query-state';
import { Select } from './select';

export interface PagedListTexts {
  /** The loader's accessible name. */
  loading: string;
  /** The failure text for a 5xx or a network failure (a 4xx shows the platform's reason). */
  failed: string | ((status: number | undefined) => string);
  /** Said instead of an empty table. */
  empty: string;
  /** The pagination's accessible name. */
  pages: string;
  /** With it, a failure offers a retry button with this text. */
  retry?: string;
  /** The page size choice's label, shown with `sizes`. */
  pageSize?: string;
}

interface PagedListBaseProps<T, Row> {
  query: QueryLike<T>;
  paging: PageState;
  texts: PagedListTexts;
  rowsOf: (data: T) => Row[];
  totalOf: (data: T) => number;
  /** The page sizes the user may choose between; without them the size is fixed. */
  sizes?: readonly number[];
  /** Beside the pagination (a range and total). */
  summary?: (data: T) => ReactNode;
  /** First and last page buttons; the last one disabled where a list does not offer it. */
  withEdges?: boolean;
  lastPageOffered?: boolean;
  /**
   * Why the list waits instead (a filter that breaks a rule, said at its field): shown in place of
   * the list, whose query the screen does not run meanwhile.
   */
  waiting?: string | null;
}

/**
 * A page beyond the list's end (a link kept while the list shrank, a page typed into the address);
 * a list that counts no pages cannot say where it ends.
 */
export const PAST_THE_END = {
  text: (page: number, last?: number) =>
    last === undefined
      ? `There is no page ${page}: the list ends before it.`
      : `There is no page ${page}: the list ends at page ${last}.`,
  goTo: (page: number) => (page === 1 ? 'Go to the first page' : `Go to page ${page}`),
};

/** The rows in a DataTable (`table` holds its other props), or drawn by `children`. */
type PagedListProps<T, Row extends RowData> = PagedListBaseProps<T, Row> &
  (
    | { table: Omit<DataTableProps<Row>, 'rows'>; children?: never }
    | { children: (rows: Row[]) => ReactNode; table?: never }
  );

/**
 * One page of a list a request pages: the query's loading, failed and empty states, the rows, and
 * the pagination with its accessible labels (and the page size where the user may choose it).
 */
export function PagedList<T, Row extends RowData>(props: PagedListProps<T, Row>) {
  const { paging, texts, sizes, rowsOf } = props;
  const lastPageOffered = props.lastPageOffered ?? true;
  if (props.waiting != null) return <EmptyState text={props.waiting} />;
  if (props.query.isError && isPastTheFarthestPage(props.query.error)) {
    return (
      <Stack align="flex-start">
        <EmptyState text={PAST_THE_END.text(paging.page)} />
        <Button variant="default" onClick={() => paging.setPage(1)}>
          {PAST_THE_END.goTo(1)}
        </Button>
      </Stack>
    );
  }
  return (
    <QueryState
      query={props.query}
      loadingLabel={texts.loading}
      errorText={texts.failed}
      retryLabel={texts.retry}
      emptyText={texts.empty}
      // A failed refresh keeps the page it had beneath its failure (specification 1, section 8).
      keepDataOnError
      // Past the end is not an empty list: it says so and leads back (below).
      isEmpty={(data) => rowsOf(data).length === 0 && (paging.page === 1 || props.totalOf(data) === 0)}
    >
      {(data) => {
        const last = pageCountOf(props.totalOf(data), paging.size);
        if (rowsOf(data).length === 0) {
          // A list that offers no last page (its deep pages are slow) leads to its first.
          const target = lastPageOffered ? last : 1;
          return (
            <Stack align="flex-start">
              <EmptyState text={PAST_THE_END.text(paging.page, last)} />
              <Button variant="default" onClick={() => paging.setPage(target)}>
                {PAST_THE_END.goTo(target)}
              </Button>
            </Stack>
          );
        }
        return (
          <Stack>
            {props.table ? <DataTable {...props.table} rows={rowsOf(data)} /> : props.children(rowsOf(data))}
            <Group justify="space-between">
              <Group>
                <Pagination
                  total={pageCountOf(props.totalOf(data), paging.size)}
                  value={paging.page}
                  onChange={paging.setPage}
                  withEdges={props.withEdges}
                  getControlProps={(control) => ({
                    'aria-label': PAGE_CONTROL_LABELS[control],
                    ...(control === 'last' && !lastPageOffered ? { disabled: true } : {}),
                  })}
                  aria-label={texts.pages}
                />
                {props.summary ? (
                  <Text size="sm" role="status">
                    {props.summary(data)}
                  </Text>
                ) : null}
              </Group>
              {sizes ? (
                <Select
                  label={texts.pageSize}
                  data={sizes.map(String)}
                  value={String(paging.size)}
                  onChange={(value) => {
                    if (value !== null) paging.setSize(Number(value));
                  }}
                  allowDeselect={false}
                  w={120}
                />
              ) : null}
            </Group>
          </Stack>
        );
      }}
    </QueryState>
  );
}
