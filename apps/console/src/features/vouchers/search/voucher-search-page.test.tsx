import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, settle, stubFetch } from '../../../test/fetch';
import { holdUrl } from '../../../test/hold-url';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { VOUCHER_FILTER_DEBOUNCE_MS } from '../constants';
import { senderOrder, VIEW } from '../voucher-fixtures';
import { signInWith } from '../../../test/session';
import { VoucherSearchPage } from './voucher-search-page';

const routes = [
  { path: '/dashboard/vouchers', element: <VoucherSearchPage /> },
  { path: '/dashboard/vouchers/:voucherId', element: <h1>Voucher page</h1> },
];

const ORDERS = [
  senderOrder(),
  senderOrder({ reference: 'MT-000124', state: 'ON_HOLD' }),
  senderOrder({ reference: 'MT-000125', state: 'REDEEMED' }),
];

function ordersRoute(senderOrders = ORDERS, nrRecords = 60) {
  return {
    'GET /api/moneytransfer/orders': () =>
      jsonResponse(200, {
        senderOrders,
        paging: { nextPage: 2, nrRecords, range: senderOrders.length ? `1-${senderOrders.length}` : '0-0' },
      }),
  };
}

function queryOf(url: URL | undefined) {
  return Object.fromEntries(url?.searchParams ?? []);
}

// Typing into forms and modals takes seconds when the machine is busy.
describe('voucher search page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(VIEW);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetAccountForTests();
  });

  it('shows breadcrumbs, the four columns, state pills, the range and total', async () => {
    const fetch = stubFetch(ordersRoute());
    renderRoutes(routes, { path: '/dashboard/vouchers' });
    const table = await screen.findByRole('table', { name: 'Vouchers' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/dashboard');
    expect(within(crumbs).getByText('Vouchers')).toHaveAttribute('aria-current', 'page');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Reference Number', 'Date Last Modified', 'Date Created', 'Status']);
    const row = within(table).getByRole('row', { name: /MT-000124/ });
    expect(within(row).getByText('ON_HOLD').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'incomplete',
    );
    expect(within(table).getByText('REDEEMED').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'unavailable',
    );
    expect(within(table).getByText('REDEEMABLE').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'success',
    );
    // Modified and created in the specification's format: "Wed 4th Feb '26 08:30:00" in UTC.
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent),
    ).toEqual([
      expect.stringMatching(/^\w{3} [45]th Feb '26 \d{2}:\d{2}:00$/),
      expect.stringMatching(/^\w{3} (3rd|4th) Feb '26 \d{2}:\d{2}:09$/),
    ]);
    expect(screen.getByText('1-3 of 60')).toBeInTheDocument();
    expect(queryOf(fetch.requests('/api/moneytransfer/orders')[0])).toEqual({ limit: '25', offset: '0' });
  });

  it('opens a voucher by clicking its row', async () => {
    stubFetch(ordersRoute());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers' });
    const row = await screen.findByRole('row', { name: /MT-000124/ });
    await user.click(within(row).getByText('ON_HOLD'));
    expect(await screen.findByRole('heading', { name: 'Voucher page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vouchers/MT-000124');
  });

  it('says when nothing matches', async () => {
    stubFetch(ordersRoute([], 0));
    renderRoutes(routes, { path: '/dashboard/vouchers' });
    expect(await screen.findByText('No vouchers match your query')).toBeInTheDocument();
  });

  it('says when the search fails, and tries again', async () => {
    const fetch = stubFetch({
      'GET /api/moneytransfer/orders': () => jsonResponse(503, { errorMessage: 'Down', code: 'UNAVAILABLE' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/vouchers' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not retrieve vouchers (503). Contact support if this persists.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(2));
  });

  it('reads the filters and page from the URL and sends them as the orders query', async () => {
    const fetch = stubFetch(ordersRoute());
    renderRoutes(routes, {
      path: '/dashboard/vouchers?reference=MT-9&createdFrom=2026-02-01&createdTo=2026-02-03&modifiedFrom=2026-02-02&modifiedTo=2026-02-04&page=3',
    });
    await screen.findByRole('table', { name: 'Vouchers' });
    expect(screen.getByRole('textbox', { name: 'Voucher Reference Number' })).toHaveValue('MT-9');
    expect(screen.getByRole('textbox', { name: 'Date created from' })).toHaveValue('01/02/2026');
    expect(screen.getByRole('textbox', { name: 'Date last modified to' })).toHaveValue('04/02/2026');
    expect(queryOf(fetch.requests('/api/moneytransfer/orders')[0])).toEqual({
      limit: '25',
      offset: '50',
      orderReference: 'MT-9',
      fromDatetime: new Date(2026, 1, 1).toISOString(),
      toDatetime: new Date(2026, 1, 3, 23, 59, 59, 999).toISOString(),
      fromLastModifiedDatetime: new Date(2026, 1, 2).toISOString(),
      toLastModifiedDatetime: new Date(2026, 1, 4, 23, 59, 59, 999).toISOString(),
    });
  });

  it('puts a typed reference in the URL once typing pauses, back on page 1, and Clear empties the filters', async () => {
    // A fake clock alone, moved only by the test: user-event waits on real timers, so fireEvent.
    vi.useFakeTimers();
    const fetch = stubFetch(ordersRoute());
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers?modifiedFrom=2026-02-02&page=2' });
    await settle();
    const orders = () => fetch.requests('/api/moneytransfer/orders');
    expect(orders()).toHaveLength(1);
    const reference = screen.getByRole('textbox', { name: 'Voucher Reference Number' });
    fireEvent.change(reference, { target: { value: 'MT-0' } });
    await settle(VOUCHER_FILTER_DEBOUNCE_MS - 1);
    fireEvent.change(reference, { target: { value: 'MT-000124' } });
    await settle(VOUCHER_FILTER_DEBOUNCE_MS - 1);
    expect(orders(), 'each keystroke restarts the pause').toHaveLength(1);
    expect(router.state.location.search).toBe('?modifiedFrom=2026-02-02&page=2');
    await settle(1);
    expect(orders()).toHaveLength(2);
    expect(queryOf(orders()[1])).toMatchObject({ orderReference: 'MT-000124', offset: '0' });
    expect(router.state.location.search).toBe('?reference=MT-000124&modifiedFrom=2026-02-02');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await settle();
    expect(reference).toHaveValue('');
    expect(queryOf(orders().at(-1))).toEqual({ limit: '25', offset: '0' });
    expect(router.state.location.search).toBe('');
  });

  it('refuses a card number typed over a searched reference at the field, keeps it out of the URL and asks for nothing', async () => {
    // A fake clock alone, moved only by the test: the pause before a typed reference is sent.
    vi.useFakeTimers();
    const fetch = stubFetch(ordersRoute());
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers?reference=MT-000123' });
    await settle();
    const orders = () => fetch.requests('/api/moneytransfer/orders');
    expect(orders().map(queryOf)).toEqual([{ limit: '25', offset: '0', orderReference: 'MT-000123' }]);
    const reference = screen.getByRole('textbox', { name: 'Voucher Reference Number' });
    fireEvent.change(reference, { target: { value: '4111 1111 1111 1111' } });
    await settle(VOUCHER_FILTER_DEBOUNCE_MS);
    expect(reference, 'what was typed stays').toHaveValue('4111 1111 1111 1111');
    expect(reference).toHaveAccessibleDescription(
      'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984',
    );
    expect(
      screen.getByText('Correct or clear the Voucher Reference Number to see vouchers.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Vouchers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(orders(), 'neither the card number nor every voucher is asked for').toHaveLength(1);
    expect(router.state.location.search, 'nor is it in the address').toBe('');

    fireEvent.change(reference, { target: { value: 'MT-000124' } });
    await settle(VOUCHER_FILTER_DEBOUNCE_MS);
    expect(queryOf(orders().at(-1))).toMatchObject({ orderReference: 'MT-000124' });
    expect(reference).not.toHaveAccessibleDescription();
    expect(orders().filter((url) => url.search.includes('4111'))).toEqual([]);
  });

  it('says a reference longer than the platform takes at the field, and asks for nothing', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch(ordersRoute());
    renderRoutes(routes, { path: '/dashboard/vouchers' });
    await settle();
    const orders = () => fetch.requests('/api/moneytransfer/orders');
    const asked = orders().length;
    const reference = screen.getByRole('textbox', { name: 'Voucher Reference Number' });
    fireEvent.change(reference, { target: { value: '1'.repeat(65) } });
    await settle(VOUCHER_FILTER_DEBOUNCE_MS);
    expect(reference).toHaveAccessibleDescription('Must not exceed 64 characters');
    expect(
      screen.getByText('Correct or clear the Voucher Reference Number to see vouchers.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(orders()).toHaveLength(asked);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await settle();
    expect(reference).toHaveValue('');
    expect(orders().length, 'every voucher is asked for again').toBeGreaterThan(asked);
    expect(
      orders().map((request) => request.search),
      'the refused reference never',
    ).not.toContainEqual(expect.stringContaining('orderReference'));
  });

  it('says at the field that a link’s reference is a card number, asks for nothing, and Clear drops it', async () => {
    const fetch = stubFetch(ordersRoute());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers?reference=4111111111111111' });
    expect(
      await screen.findByText('Correct or clear the Voucher Reference Number to see vouchers.'),
    ).toBeInTheDocument();
    const reference = screen.getByRole('textbox', { name: 'Voucher Reference Number' });
    expect(reference).toHaveValue('');
    expect(reference).toHaveAccessibleDescription(
      'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984',
    );
    expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByRole('table', { name: 'Vouchers' });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Clear' }), 'nothing left to clear').toBeDisabled();
    expect(reference, 'the keyboard goes on from the first filter').toHaveFocus();
  });

  it('says at its field that a link’s day is no date, asks for nothing, and Clear drops it from the URL', async () => {
    const fetch = stubFetch(ordersRoute());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers?createdFrom=2026-02-31&size=50' });
    expect(
      await screen.findByText('Correct or clear the dates to see vouchers: a date field holds no date.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Date created from' })).toHaveAccessibleDescription(
      '"2026-02-31" is not a date. Enter a date as DD/MM/YYYY.',
    );
    expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await screen.findByRole('table', { name: 'Vouchers' });
    expect(router.state.location.search).toBe('?size=50');
    expect(queryOf(fetch.requests('/api/moneytransfer/orders')[0])).toEqual({ limit: '50', offset: '0' });
  });

  it('says at its field that a link’s day is after today, as a typed one, and asks for nothing', async () => {
    const fetch = stubFetch(ordersRoute());
    renderRoutes(routes, { path: '/dashboard/vouchers?createdFrom=2999-01-31' });
    expect(
      await screen.findByText(
        'Correct or clear the dates to see vouchers: a date field holds a day after today.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Date created from' })).toHaveAccessibleDescription(
      '"31/01/2999" is after today: vouchers are created and changed up to today.',
    );
    expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(0);
  });

  it('Back before the address without the day is drawn shows the day gone back to, without the error, and its vouchers', async () => {
    const fetch = stubFetch(ordersRoute());
    const { Hold, release } = holdUrl('');
    const { router } = renderRoutes(
      [
        {
          path: '/dashboard/vouchers',
          element: (
            <Suspense>
              <VoucherSearchPage />
              <Hold />
            </Suspense>
          ),
        },
      ],
      { path: '/dashboard/vouchers?createdFrom=2026-01-01' },
      { history: 'window' },
    );
    await screen.findByRole('table', { name: 'Vouchers' });
    const from = screen.getByRole('textbox', { name: 'Date created from' });
    fireEvent.input(from, { target: { value: '99/99/9999' } });
    fireEvent.blur(from);
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await act(async () => {
      await router.navigate(-1);
      await waitFor(() => expect(router.state.location.search).toBe('?createdFrom=2026-01-01'));
    });
    await act(release);
    expect(from).toHaveValue('01/01/2026');
    expect(from, 'no error of the address left').not.toHaveAccessibleDescription();
    await screen.findByRole('table', { name: 'Vouchers' });
    expect(queryOf(fetch.requests('/api/moneytransfer/orders').at(-1))).toMatchObject({
      fromDatetime: new Date(2026, 0, 1).toISOString(),
    });
  });

  it('says at the field when a "to" day is before its "from" day, and asks for nothing until it is corrected', async () => {
    const fetch = stubFetch(ordersRoute());
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/vouchers?createdFrom=2026-12-06&createdTo=2026-12-05' });
    const to = screen.getByRole('textbox', { name: 'Date created to' });
    expect(to).toHaveAccessibleDescription(
      'The "Date created to" day must not be before the "Date created from" day.',
    );
    expect(
      await screen.findByText('Correct the dates to see vouchers: a "to" day is before its "from" day.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear date created to' }));
    await screen.findByRole('table', { name: 'Vouchers' });
    expect(queryOf(fetch.requests('/api/moneytransfer/orders')[0])).toMatchObject({
      fromDatetime: new Date(2026, 11, 6).toISOString(),
    });
    expect(to).not.toHaveAccessibleDescription();
  });

  it('sets a date typed as DD/MM/YYYY', async () => {
    const fetch = stubFetch(ordersRoute());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers' });
    await screen.findByRole('table', { name: 'Vouchers' });
    await user.type(screen.getByRole('textbox', { name: 'Date created to' }), '03/02/2026');
    await waitFor(() =>
      expect(queryOf(fetch.requests('/api/moneytransfer/orders').at(-1))).toMatchObject({
        toDatetime: new Date(2026, 1, 3, 23, 59, 59, 999).toISOString(),
      }),
    );
    expect(router.state.location.search).toBe('?createdTo=2026-02-03');
  });

  it('says a day typed after today at its field rather than empty the field in silence', async () => {
    const fetch = stubFetch(ordersRoute());
    renderRoutes(routes, { path: '/dashboard/vouchers' });
    await screen.findByRole('table', { name: 'Vouchers' });
    const asked = fetch.requests('/api/moneytransfer/orders').length;
    const from = screen.getByRole('textbox', { name: 'Date created from' });
    fireEvent.input(from, { target: { value: '01/01/2099' } });
    fireEvent.blur(from);
    await waitFor(() =>
      expect(from).toHaveAccessibleDescription(
        '"01/01/2099" is after today: vouchers are created and changed up to today.',
      ),
    );
    expect(
      screen.getByText('Correct or clear the dates to see vouchers: a date field holds a day after today.'),
    ).toBeInTheDocument();
    expect(fetch.requests('/api/moneytransfer/orders')).toHaveLength(asked);
  });

  it('pages through the URL and changes the page size from page 1', async () => {
    const fetch = stubFetch(ordersRoute());
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/vouchers' });
    await screen.findByRole('table', { name: 'Vouchers' });
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(queryOf(fetch.requests('/api/moneytransfer/orders').at(-1))).toEqual({
        limit: '25',
        offset: '50',
      }),
    );
    expect(router.state.location.search).toBe('?page=3');
    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByRole('option', { name: '50', hidden: true }));
    await waitFor(() =>
      expect(queryOf(fetch.requests('/api/moneytransfer/orders').at(-1))).toEqual({
        limit: '50',
        offset: '0',
      }),
    );
    expect(router.state.location.search).toBe('?size=50');
  });
});
