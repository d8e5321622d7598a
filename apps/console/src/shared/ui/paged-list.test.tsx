import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, renderWithProviders } from '../../test/render';
import { HttpError } from '../http/http-error';
import type { DataTableColumn } from './data-table';
import { PagedList, type PagedListTexts } from './paged-list';
import { pageQueryOf, type PageQuery } from './paging';
import type { QueryLike } from './query-state';
import { useListUrlState } from '../url/use-list-url-state';
import { textParam } from '../url/url-params';

interface Fruit {
  name: string;
}

const FRUITS: Fruit[] = ['Apple', 'Apricot', 'Banana', 'Blackberry', 'Blueberry', 'Cherry', 'Date'].map(
  (name) => ({ name }),
);

interface FruitPage {
  fruits: Fruit[];
  total: number;
}

const COLUMNS: DataTableColumn<Fruit>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (fruit) => fruit.name },
];

const TEXTS: PagedListTexts = {
  loading: 'Loading fruit',
  failed: (status) =>
    `Could not retrieve fruit (${status ?? 'no answer'}). Contact support if this persists.`,
  empty: 'No fruit matches your query',
  pages: 'Fruit pages',
  pageSize: 'Page size',
};

/** What a server would answer for this filter and page. */
function answer(prefix: string, { offset, limit }: PageQuery): FruitPage {
  const matching = FRUITS.filter((fruit) => fruit.name.startsWith(prefix));
  return { fruits: matching.slice(offset, offset + limit), total: matching.length };
}

function loaded(data: FruitPage): QueryLike<FruitPage> {
  return { isPending: false, isError: false, data, refetch: vi.fn() };
}

/** A screen with a filter, its view in the URL, and the queries it asked for. */
function FruitList({ asked, sizes }: { asked: PageQuery[]; sizes?: readonly number[] }) {
  const { filters, change, paging } = useListUrlState({
    params: { prefix: textParam() },
    defaults: () => ({ prefix: '' }),
    size: 2,
    sizes,
  });
  const { prefix } = filters;
  const query = pageQueryOf(paging);
  asked.push(query);
  return (
    <>
      <input
        aria-label="Starts with"
        value={prefix}
        onChange={(event) => change({ prefix: event.target.value })}
      />
      <PagedList
        query={loaded(answer(prefix, query))}
        paging={paging}
        texts={TEXTS}
        sizes={sizes}
        rowsOf={(data) => data.fruits}
        totalOf={(data) => data.total}
        table={{ columns: COLUMNS, rowId: (fruit) => fruit.name, label: 'Fruit', minWidth: 200 }}
      />
    </>
  );
}

function shownFruit(): string[] {
  return within(screen.getByRole('table', { name: 'Fruit' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

function renderFruitList(asked: PageQuery[], options: { sizes?: readonly number[]; path?: string } = {}) {
  return renderRoutes([{ path: '/fruit', element: <FruitList asked={asked} sizes={options.sizes} /> }], {
    path: options.path ?? '/fruit',
  });
}

describe('PagedList with its view in the URL', () => {
  it('shows the first page, then the page chosen, with named page controls', async () => {
    const asked: PageQuery[] = [];
    renderFruitList(asked);
    expect(shownFruit()).toEqual(['Apple', 'Apricot']);
    const pages = screen.getByLabelText('Fruit pages');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: '4' })).toBeInTheDocument();

    await userEvent.click(within(pages).getByRole('button', { name: '3' }));
    expect(shownFruit()).toEqual(['Blueberry', 'Cherry']);
    expect(asked.at(-1)).toEqual({ offset: 4, limit: 2 });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(shownFruit()).toEqual(['Date']);
  });

  it('starts again from page 1 when the filter changes, never asking the old page with it', async () => {
    const asked: PageQuery[] = [];
    renderFruitList(asked);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(shownFruit()).toEqual(['Banana', 'Blackberry']);

    const before = asked.length;
    await userEvent.type(screen.getByRole('textbox', { name: 'Starts with' }), 'B');
    expect(shownFruit()).toEqual(['Banana', 'Blackberry']);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(asked.slice(before), 'only page 1 is asked for with the new filter').toEqual(
      asked.slice(before).map(() => ({ offset: 0, limit: 2 })),
    );
  });

  it('starts again from page 1 with a new page size, among the sizes offered', async () => {
    renderFruitList([], { sizes: [2, 5] });
    await userEvent.click(screen.getByRole('button', { name: '3' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Page size' }));
    // In jsdom Mantine's dropdown keeps display:none, so its options count as hidden.
    const options = screen.getAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toEqual(['2', '5']);
    await userEvent.click(screen.getByRole('option', { name: '5', hidden: true }));
    expect(shownFruit()).toEqual(['Apple', 'Apricot', 'Banana', 'Blackberry', 'Blueberry']);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the view a link names, and Back and Forward step through the views', async () => {
    const { router } = renderFruitList([], { path: '/fruit?prefix=B&page=2' });
    expect(shownFruit()).toEqual(['Blueberry']);
    expect(screen.getByRole('textbox', { name: 'Starts with' })).toHaveValue('B');

    await userEvent.click(screen.getByRole('button', { name: '1' }));
    expect(router.state.location.search).toBe('?prefix=B');
    expect(shownFruit()).toEqual(['Banana', 'Blackberry']);
    await router.navigate(-1);
    expect(await screen.findByRole('rowheader', { name: 'Blueberry' })).toBeInTheDocument();
    await router.navigate(1);
    expect(await screen.findByRole('rowheader', { name: 'Banana' })).toBeInTheDocument();
  });

  it('falls back to the default for a value that does not read, without an error', () => {
    const asked: PageQuery[] = [];
    renderFruitList(asked, { sizes: [2, 5], path: '/fruit?page=abc&size=7' });
    expect(shownFruit()).toEqual(['Apple', 'Apricot']);
    expect(asked.at(-1)).toEqual({ offset: 0, limit: 2 });
  });

  it('says a page past the end is past the end, not that nothing matches, and leads to the last', async () => {
    const asked: PageQuery[] = [];
    const { router } = renderFruitList(asked, { path: '/fruit?page=9' });
    expect(screen.getByRole('status')).toHaveTextContent('There is no page 9: the list ends at page 4.');
    expect(screen.queryByText('No fruit matches your query')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 4' }));
    expect(shownFruit()).toEqual(['Date']);
    expect(router.state.location.search).toBe('?page=4');
  });

  it('says so when nothing matches, without a table', async () => {
    renderFruitList([]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Starts with' }), 'Z');
    expect(screen.getByRole('status')).toHaveTextContent('No fruit matches your query');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('Fruit pages')).toBeNull();
  });
});

function show(query: QueryLike<FruitPage>, extra: Partial<PagedListTexts> = {}, page = 1) {
  const paging = { page, size: 2, setPage: vi.fn(), setSize: vi.fn() };
  renderWithProviders(
    <PagedList
      query={query}
      paging={paging}
      texts={{ ...TEXTS, ...extra }}
      rowsOf={(data) => data.fruits}
      totalOf={(data) => data.total}
      withEdges
      lastPageOffered={false}
      summary={(data) => `${data.fruits.length} of ${data.total}`}
    >
      {(fruits) => <p>{fruits.map((fruit) => fruit.name).join(', ')}</p>}
    </PagedList>,
  );
  return paging;
}

describe('PagedList', () => {
  it('shows the named loader while the first page loads', () => {
    show({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('progressbar', { name: 'Loading fruit' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Fruit pages')).toBeNull();
  });

  it('shows a refusal in the platform’s words, without the pagination', () => {
    const refused = new HttpError(400, {
      errorMessage: 'The end date is before the start date.',
      code: 'BAD_REQUEST',
    });
    show({ isPending: false, isError: true, error: refused, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent(/^The end date is before the start date\.$/);
    expect(screen.queryByLabelText('Fruit pages')).toBeNull();
  });

  it('keeps the page it had beneath the failure of a later refresh', () => {
    const failed = new HttpError(503, undefined);
    const data: FruitPage = { fruits: [{ name: 'Apple' }, { name: 'Apricot' }], total: 3 };
    show({ isPending: false, isError: true, error: failed, data, refetch: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not retrieve fruit (503). Contact support if this persists.',
    );
    expect(screen.getByText('Apple, Apricot')).toBeInTheDocument();
    expect(screen.getByLabelText('Fruit pages')).toBeInTheDocument();
  });

  it('says a page whose offset the platform refuses is past the end, and leads to the first', async () => {
    const refused = new HttpError(400, {
      errorMessage: 'Invalid request: offset: Must not exceed 1000000',
      code: 'VALIDATION_FAILED',
      details: [{ location: 'querystring', field: 'offset', message: 'Must not exceed 1000000' }],
    });
    const paging = show({
      isPending: false,
      isError: true,
      error: refused,
      data: undefined,
      refetch: vi.fn(),
    });
    expect(screen.getByText('There is no page 1: the list ends before it.')).toBeInTheDocument();
    expect(screen.queryByText(/Must not exceed/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(paging.setPage).toHaveBeenCalledWith(1);
  });

  it('shows a failure in the catalogue’s words, with its status and a retry', async () => {
    const refetch = vi.fn();
    const failed = new HttpError(503, undefined);
    show(
      { isPending: false, isError: true, error: failed, data: undefined, refetch },
      { retry: 'Try again' },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not retrieve fruit (503). Contact support if this persists.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('draws the rows its own way, with the summary, edges and no last page where not offered', async () => {
    const paging = show(loaded({ fruits: FRUITS.slice(0, 2), total: 7 }));
    expect(screen.getByText('Apple, Apricot')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 7');
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Page size' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(paging.setPage).toHaveBeenCalledWith(2);
  });
});
