import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transaction } from '@web-control/contract/transactions';
import { useLocation, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { dispatchAccount, resetAccountForTests } from '../../shared/session/session-state';
import { jsonResponse, routeFetch, settle } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { TEST_CONFIG } from '../../test/tokens';
import { buildTransaction } from '../../test/transactions';
import { DashboardLayout } from '../layout/dashboard-layout';
import { REFERENCE_LOOKUP_DEBOUNCE_MS } from './command-palette';

/** Stands in for every screen: a heading naming its path, and a form field. */
function AnyScreen() {
  return (
    <>
      <h1>{useLocation().pathname}</h1>
      <input aria-label="A filter" />
    </>
  );
}

const routes: RouteObject[] = [
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [{ path: '*', element: <AnyScreen /> }],
  },
];

/** Well past the pause after typing that starts a lookup. */
const LOOKUP_WAIT_MS = 2 * REFERENCE_LOOKUP_DEBOUNCE_MS;

async function findScreenAt(path: string): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1, name: path });
}

const UUID = '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b';

const purchase = buildTransaction({
  uuid: UUID,
  referenceNumber: 'REF-1234',
  serviceDesc: 'Purchase',
  tranState: 'Approved',
});

function signInWith(permissions: string[]) {
  dispatchAccount({
    type: 'authenticated',
    accessToken: 'token',
    refreshToken: 'refresh',
    username: 'Jane Operator',
    permissions,
  });
}

function setup(transactions: Transaction[] = [purchase]) {
  const fetch = routeFetch({
    'GET /api/ecs/transactions': () =>
      jsonResponse(200, { transactions, paging: { previousPage: false, nextPage: false } }),
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

async function openWithShortcut(
  init: KeyboardEventInit = { ctrlKey: true },
  target: Element = document.documentElement,
): Promise<HTMLElement> {
  fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ...init });
  return screen.findByRole('dialog', { name: 'Command palette' });
}

function actionNames(dialog: HTMLElement): string[] {
  return within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

// Each test renders the whole shell; on a busy two-core machine that alone can take seconds.
describe('command palette', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetAccountForTests();
  });

  it('opens with Ctrl+K or Cmd+K, even from a form field, and from the header Search button', async () => {
    signInWith([]);
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/home' });
    expect(screen.queryByRole('dialog')).toBeNull();

    const dialog = await openWithShortcut({ ctrlKey: true });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Search screens' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const field = screen.getByRole('textbox', { name: 'A filter' });
    field.focus();
    await openWithShortcut({ metaKey: true }, field);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The word from the `sm` breakpoint, a magnifier below it (CSS shows one; jsdom has both).
    const searchButtons = screen.getAllByRole('button', { name: 'Search' });
    expect(searchButtons.map((button) => button.textContent)).toEqual(['SearchCtrl K', '']);
    for (const search of searchButtons) {
      expect(search).toHaveAttribute('aria-keyshortcuts', 'Control+K');
      await user.click(search);
      expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
  });

  it('opens again with an empty search, even as it is still fading out', async () => {
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const search = within(dialog).getByRole('textbox', { name: 'Search screens' });
    await user.type(search, 'rev');
    await user.keyboard('{Escape}');
    // At once, before the closing transition has ended and Mantine has cleared it.
    await openWithShortcut();
    expect(search).toHaveValue('');
    await user.type(search, 'user');
    expect(search).toHaveValue('user');
  });

  it('offers only the screens the user may open, as the side menu does', async () => {
    signInWith(['MONITOR_SERVICES', 'MANAGE_USERS']);
    setup();
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    expect(actionNames(dialog)).toEqual([
      'Home',
      'Health OverviewMonitoring',
      'Node ViewMonitoring',
      // No Reviews: without FOUR_EYES=admin a user manager's changes are made at once.
      'UsersUser Management',
      'Create UserUser Management',
      'RolesUser Management',
      'Create RoleUser Management',
    ]);
  });

  it('hides Home when configured to, and says when nothing matches', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, hideHome: true });
    signInWith(['VIEW_LOAD_BALANCER']);
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    expect(actionNames(dialog)).toEqual(['Load Balancer ServicesLoad Balancer']);
    await user.type(within(dialog).getByRole('textbox'), 'users');
    expect(await within(dialog).findByText('Nothing found')).toBeInTheDocument();
  });

  it('filters screens as the user types and opens the chosen one with Enter', async () => {
    signInWith(['MONITOR_SERVICES']);
    setup();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    await user.type(within(dialog).getByRole('textbox', { name: 'Search screens' }), 'node');
    expect(actionNames(dialog)).toEqual(['Node ViewMonitoring']);
    await waitFor(() => expect(within(dialog).getByRole('button')).toHaveAttribute('data-selected'));
    await user.keyboard('{Enter}');
    expect(await findScreenAt('/dashboard/monitoring/node')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/monitoring/node');
  });

  it('offers to open a transaction by its uuid, without a lookup', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS']);
    const { calls } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const input = within(dialog).getByRole('textbox', { name: 'Search screens and transactions' });
    await user.type(input, UUID);
    const open = within(dialog).getByRole('button', { name: `Open transaction ${UUID}` });
    await settle(LOOKUP_WAIT_MS);
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(calls).toEqual([]);
    await user.click(open);
    expect(await findScreenAt(`/dashboard/transactions/${UUID}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/transactions/${UUID}`);
  });

  it('offers nothing about transactions without VIEW_TRANSACTIONS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['MONITOR_SERVICES']);
    const { calls } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    await user.type(within(dialog).getByRole('textbox'), UUID);
    expect(within(dialog).queryByRole('button', { name: /Open transaction/ })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'REF-1234');
    await settle(LOOKUP_WAIT_MS);
    expect(within(dialog).getByText('Nothing found')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('looks a reference up once typing pauses and opens the first transaction found with Enter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS']);
    const { requests } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    await user.type(within(dialog).getByRole('textbox'), 'REF-1234');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Looking up transactions…');
    expect(requests('/api/ecs/transactions')).toEqual([]);

    const result = await within(dialog).findByRole('button', { name: /^REF-1234/ });
    expect(result).toHaveTextContent('Purchase · started');
    expect(result).toHaveTextContent('Approved');
    const sent = requests('/api/ecs/transactions');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]?.searchParams ?? [])).toEqual({ reference: 'REF-1234' });

    // Found after the query last changed, the first result is selected all the same: Enter opens it.
    await waitFor(() => expect(result).toHaveAttribute('data-selected'));
    await user.keyboard('{Enter}');
    expect(await findScreenAt(`/dashboard/transactions/${UUID}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/transactions/${UUID}`);
  });

  it('says when no transaction has the reference, and looks up nothing under 4 characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS']);
    const { requests } = setup([]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const input = within(dialog).getByRole('textbox');
    await user.type(input, 'ZZZ');
    await settle(LOOKUP_WAIT_MS);
    expect(within(dialog).getByText('Nothing found')).toBeInTheDocument();
    expect(requests('/api/ecs/transactions')).toEqual([]);

    await user.type(input, 'Z');
    expect(await within(dialog).findByText('No transaction with reference ZZZZ')).toBeInTheDocument();
    expect(requests('/api/ecs/transactions')).toHaveLength(1);
  });

  it('finds a transaction by masked card number, or by STAN and day, as support is given them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubEnv('TZ', 'Africa/Johannesburg');
    signInWith(['VIEW_TRANSACTIONS']);
    const { requests } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const input = within(dialog).getByRole('textbox');
    await user.type(input, '489537******1234');
    expect(await within(dialog).findByRole('button', { name: /^REF-1234/ })).toBeInTheDocument();
    expect(Object.fromEntries(requests('/api/ecs/transactions')[0]?.searchParams ?? [])).toEqual({
      card: '489537******1234',
    });

    await user.clear(input);
    await user.type(input, 'stan 004217 03/02/2026');
    await waitFor(() => expect(requests('/api/ecs/transactions')).toHaveLength(2));
    expect(Object.fromEntries(requests('/api/ecs/transactions')[1]?.searchParams ?? [])).toEqual({
      stan: '004217',
      dateFrom: '20260202T220000Z',
      dateTo: '20260203T215959Z',
    });
    vi.unstubAllEnvs();
  });

  it('says which STAN and day it found nothing for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS']);
    setup([]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    await user.type(within(dialog).getByRole('textbox'), '004217 2026-02-03');
    expect(
      await within(dialog).findByText('No transaction with STAN 004217 on 03/02/2026'),
    ).toBeInTheDocument();
  });

  it('finds a voucher by its reference with the voucher permissions and opens it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS', 'VIEW_VOUCHERS']);
    const { fetchMock, requests } = routeFetch({
      'GET /api/ecs/transactions': () =>
        jsonResponse(200, { transactions: [], paging: { previousPage: false, nextPage: false } }),
      'GET /api/moneytransfer/orders': () =>
        jsonResponse(200, {
          senderOrders: [
            {
              reference: 'MT-000123',
              customerId: 'CUST-42',
              state: 'ON_HOLD',
              datetimeCreated: '2026-02-03T12:05:09.000Z',
              datetimeModified: '2026-02-04T08:30:00.000Z',
              amount: { amount: 50000, currency: 'ZAR' },
            },
          ],
          paging: { nextPage: null, nrRecords: 1, range: '1-1' },
        }),
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const input = within(dialog).getByRole('textbox', { name: 'Search screens, transactions and vouchers' });
    await user.type(input, 'MT-000123');
    expect(await within(dialog).findByText('No transaction with reference MT-000123')).toBeInTheDocument();
    const result = await within(dialog).findByRole('button', { name: /^MT-000123/ });
    expect(result).toHaveTextContent('Voucher · created');
    expect(result).toHaveTextContent('ON_HOLD');
    const sent = requests('/api/moneytransfer/orders');
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]?.searchParams ?? [])).toEqual({
      limit: '5',
      offset: '0',
      orderReference: 'MT-000123',
    });
    await user.click(result);
    expect(await findScreenAt('/dashboard/vouchers/MT-000123')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/vouchers/MT-000123');
  });

  it('looks up a whole card number nowhere, however it is grouped, and says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS', 'VIEW_VOUCHERS']);
    const { requests } = setup([]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    const input = within(dialog).getByRole('textbox');
    for (const written of ['4111 1111 1111 1111', '4111-1111-1111-1111', '4111.1111.1111.1111']) {
      await user.clear(input);
      await user.type(input, written);
      expect(
        await within(dialog).findByText(
          'A full card number is never searched: give its first 6 and last 4 digits, such as 489537******1234',
        ),
        written,
      ).toBeInTheDocument();
    }
    // A reference typed after them is looked up: the only lookups that ever went out are its own.
    await user.clear(input);
    await user.type(input, 'REF-1');
    expect(await within(dialog).findByText('No transaction with reference REF-1')).toBeInTheDocument();
    await waitFor(() => expect(requests('/api/moneytransfer/orders')).toHaveLength(1));
    expect(requests('/api/ecs/transactions').map((url) => url.searchParams.toString())).toEqual([
      'reference=REF-1',
    ]);
    expect(requests('/api/moneytransfer/orders')[0]?.searchParams.get('orderReference')).toBe('REF-1');
  });

  it('looks up no voucher without VIEW_VOUCHERS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['VIEW_TRANSACTIONS']);
    const { requests } = setup([]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: '/dashboard/home' });
    const dialog = await openWithShortcut();
    await user.type(within(dialog).getByRole('textbox'), 'MT-000123');
    expect(await within(dialog).findByText('No transaction with reference MT-000123')).toBeInTheDocument();
    expect(within(dialog).queryByText(/voucher/i)).toBeNull();
    expect(requests('/api/moneytransfer/orders')).toEqual([]);
  });
});
