import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receiver, Service } from '@web-control/contract/load-balancer';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests, MODAL_SUBMIT_FAILED } from '../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { dispatchAccount, resetAccountForTests } from '../../shared/session/session-state';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { navigateTo } from '../../test/router';
import { TEST_CONFIG } from '../../test/tokens';
import { LOAD_BALANCER_POLL_INTERVAL_MS } from './api/polling';
import { NO_TRAFFIC_WARNING, WEIGHT_CHANGE_NOTE } from './components/receiver-modals';
import { ServiceDetailPage } from './service-detail/service-detail-page';
import { ServicesPage } from './services/services-page';

const routes: RouteObject[] = [
  { path: '/dashboard/load-balancer/services', element: <ServicesPage /> },
  { path: '/dashboard/load-balancer/services/:serviceId', element: <ServiceDetailPage /> },
];

const payments: Service = { id: 'svc-1', name: 'Payments', latestChange: { currentStatus: 'up' } };
const reversals: Service = { id: 'svc-2', name: 'Reversals' };
const alpha: Receiver = {
  id: 'r-a',
  name: 'Alpha',
  isActive: true,
  weight: 300,
  throughput: 12.5,
  successRate: 99.5,
  latestChange: { currentStatus: 'up' },
  version: 4,
};
const beta: Receiver = {
  id: 'r-b',
  name: 'Beta',
  isActive: true,
  weight: 100,
  throughput: 4,
  successRate: 100,
  version: 1,
};
const gamma: Receiver = {
  id: 'r-c',
  name: 'Gamma',
  isActive: false,
  weight: 600,
  throughput: 0,
  successRate: 0,
  latestChange: { currentStatus: 'down' },
  version: 2,
};

type Routes = Record<string, (body: unknown) => Response>;

const baseRoutes: Routes = {
  'GET /api/lb': () => jsonResponse(200, { services: [payments, reversals] }),
  'GET /api/lb/svc-1': () => jsonResponse(200, payments),
  'GET /api/lb/svc-1/receivers': () => jsonResponse(200, { receivers: [alpha, beta, gamma] }),
  'GET /api/lb/svc-2': () => jsonResponse(200, reversals),
  'GET /api/lb/svc-2/receivers': () => jsonResponse(200, { receivers: [] }),
};

function setup(overrides: Routes = {}) {
  const fetch = routeFetch({ ...baseRoutes, ...overrides });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

function signInWith(permissions: string[]) {
  dispatchAccount({
    type: 'authenticated',
    accessToken: 'token',
    refreshToken: 'refresh',
    username: 'operator',
    permissions,
  });
}

const DETAIL_PATH = '/dashboard/load-balancer/services/svc-1';

async function receiverRow(name: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Receivers' });
  const header = within(table).getByRole('rowheader', { name: name });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

function sent(calls: { method: string; path: string; body: unknown }[], method: string) {
  return calls.filter((call) => call.method === method);
}

/** The If-Match header of each PUT sent, in order. */
function ifMatchOfPuts(fetchMock: ReturnType<typeof setup>['fetchMock']): Array<string | null> {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => new Headers(init?.headers).get('if-match'));
}

function countGets(calls: { method: string; path: string }[], path: string): number {
  return calls.filter((call) => call.method === 'GET' && call.path === path).length;
}

/** The dialog once its content, which loads lazily with the modal, is there. */
async function findDialog(name: string): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(within(dialog).queryByLabelText('Loading')).toBeNull());
  return dialog;
}

describe('load balancer services list', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetAccountForTests();
  });

  it('lists each service with its status and a View link to its detail', async () => {
    setup();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/load-balancer/services' });
    expect(screen.getByRole('heading', { name: 'Load Balancer - Services' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Load Balancer - Services | Web Control'));
    const row = (await screen.findByRole('rowheader', { name: 'Payments' })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByRole('cell', { name: 'up' })).toBeInTheDocument();
    const reversalsRow = screen.getByRole('rowheader', { name: 'Reversals' }).closest('tr') as HTMLElement;
    expect(within(reversalsRow).getByRole('cell', { name: 'unknown' })).toBeInTheDocument();
    const view = within(row as HTMLElement).getByRole('link', { name: 'View Payments' });
    expect(view).toHaveTextContent('View');
    expect(view).toHaveAttribute('href', DETAIL_PATH);
    await user.click(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(DETAIL_PATH);
  });

  it('says when there are no services', async () => {
    setup({ 'GET /api/lb': () => jsonResponse(200, { services: [] }) });
    renderRoutes(routes, { path: '/dashboard/load-balancer/services' });
    expect(await screen.findByRole('status')).toHaveTextContent('No load-balanced services found.');
  });

  it('says when the services cannot be fetched', async () => {
    setup({ 'GET /api/lb': () => jsonResponse(500, { errorMessage: 'boom', code: 'INTERNAL' }) });
    renderRoutes(routes, { path: '/dashboard/load-balancer/services' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while fetching load-balanced services.',
    );
  });

  it('refreshes every 30 s in the background, keeping the list and showing no loader', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let name = 'Payments';
    const { calls } = setup({
      'GET /api/lb': () => jsonResponse(200, { services: [{ ...payments, name }] }),
    });
    renderRoutes(routes, { path: '/dashboard/load-balancer/services' });
    expect(await screen.findByRole('rowheader', { name: 'Payments' })).toBeInTheDocument();
    expect(countGets(calls, '/api/lb')).toBe(1);
    name = 'Payments v2';
    await act(() => vi.advanceTimersByTimeAsync(LOAD_BALANCER_POLL_INTERVAL_MS - 1000));
    expect(countGets(calls, '/api/lb')).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(countGets(calls, '/api/lb')).toBe(2);
    expect(screen.queryByLabelText('Loading services')).toBeNull();
    expect(await screen.findByRole('rowheader', { name: 'Payments v2' })).toBeInTheDocument();
  });
});

describe('load balancer service detail', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetAccountForTests();
  });

  it('shows the service and each receiver with status, switch, throughput, success rate and weight', async () => {
    setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('up', { selector: 'p' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Load Balancer - Payments | Web Control'));

    const alphaRow = within(await receiverRow('Alpha'));
    expect(alphaRow.getByRole('cell', { name: 'up' })).toBeInTheDocument();
    expect(alphaRow.getByRole('switch', { name: 'Active: Alpha' })).toBeChecked();
    expect(alphaRow.getByRole('cell', { name: '12.50 req/s' })).toBeInTheDocument();
    expect(alphaRow.getByRole('cell', { name: '99.5%' })).toBeInTheDocument();
    expect(alphaRow.getByRole('cell', { name: '300' })).toBeInTheDocument();
    expect(alphaRow.getByRole('button', { name: 'Edit weight of Alpha' })).toHaveTextContent('Edit');

    const betaRow = within(await receiverRow('Beta'));
    expect(betaRow.getByRole('cell', { name: 'unknown' })).toBeInTheDocument();
    expect(betaRow.getByRole('cell', { name: '100.0%' })).toBeInTheDocument();

    const gammaRow = within(await receiverRow('Gamma'));
    expect(gammaRow.getByRole('switch', { name: 'Inactive: Gamma' })).not.toBeChecked();
    expect(gammaRow.getByRole('cell', { name: '0.00 req/s' })).toBeInTheDocument();
  });

  it('says when there are no receivers', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/load-balancer/services/svc-2' });
    expect(await screen.findByRole('status')).toHaveTextContent('No receivers found.');
  });

  it('says when the service cannot be fetched', async () => {
    setup({ 'GET /api/lb/svc-1': () => jsonResponse(503, {}) });
    renderRoutes(routes, { path: DETAIL_PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not fetch service info. Contact support if this problem persists.',
    );
    // Still a page with a heading and its refresh control, the receivers it could fetch below.
    expect(screen.getByRole('heading', { level: 1, name: 'Service' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Refresh' })).toBeInTheDocument();
    expect(await receiverRow('Alpha')).toBeInTheDocument();
  });

  it('says once that a service does not exist, with no receivers to list, link or export', async () => {
    const missing = { errorMessage: 'This load-balanced service does not exist', code: 'NOT_FOUND' };
    setup({
      'GET /api/lb/svc-1': () => jsonResponse(404, missing),
      'GET /api/lb/svc-1/receivers': () => jsonResponse(404, missing),
    });
    renderRoutes(routes, { path: DETAIL_PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('This load-balanced service does not exist');
    expect(screen.getAllByText('This load-balanced service does not exist')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Receivers' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('says when the receivers cannot be fetched', async () => {
    setup({ 'GET /api/lb/svc-1/receivers': () => jsonResponse(500, {}) });
    renderRoutes(routes, { path: DETAIL_PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not fetch receivers. Contact support if this problem persists.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
  });

  it('refreshes the service and receivers every 30 s without a loader', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let throughput = 12.5;
    const { calls } = setup({
      'GET /api/lb/svc-1/receivers': () =>
        jsonResponse(200, { receivers: [{ ...alpha, throughput }, beta, gamma] }),
    });
    renderRoutes(routes, { path: DETAIL_PATH });
    expect(within(await receiverRow('Alpha')).getByRole('cell', { name: '12.50 req/s' })).toBeInTheDocument();
    throughput = 20;
    await act(() => vi.advanceTimersByTimeAsync(LOAD_BALANCER_POLL_INTERVAL_MS));
    expect(countGets(calls, '/api/lb/svc-1')).toBe(2);
    expect(countGets(calls, '/api/lb/svc-1/receivers')).toBe(2);
    expect(screen.queryByLabelText('Loading receivers')).toBeNull();
    expect(
      await within(await receiverRow('Alpha')).findByRole('cell', { name: '20.00 req/s' }),
    ).toBeInTheDocument();
  });

  it('clears the service and receivers on leaving: reopening shows a loader, never the old figures', async () => {
    setup();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: DETAIL_PATH });
    expect(await receiverRow('Alpha')).toBeInTheDocument();

    await navigateTo(router, '/dashboard/load-balancer/services');
    const view = await screen.findByRole('link', { name: 'View Payments' });
    // The second visit's answers never arrive: only loaders may show.
    setup({
      'GET /api/lb/svc-1': () => new Promise<Response>(() => undefined) as unknown as Response,
      'GET /api/lb/svc-1/receivers': () => new Promise<Response>(() => undefined) as unknown as Response,
    });
    await user.click(view);
    expect(await screen.findByLabelText('Loading receivers')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading service')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Alpha' })).toBeNull();
  });

  it('opens another service without flashing the previous one', async () => {
    setup({ 'GET /api/lb/svc-2': () => new Promise<Response>(() => undefined) as unknown as Response });
    const { router } = renderRoutes(routes, { path: DETAIL_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    await navigateTo(router, '/dashboard/load-balancer/services/svc-2');
    expect(await screen.findByLabelText('Loading service')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Alpha' })).toBeNull();
  });
});

describe('receiver changes', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('asks before disabling; Cancel sends nothing', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ }));
    const dialog = await findDialog('Are You Sure?');
    expect(dialog).toHaveTextContent('Disable Alpha?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'PUT')).toEqual([]);
    expect(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ })).toBeChecked();
  });

  it('shows the projected shares before disabling, and on Okay disables, toasts and reloads', async () => {
    let receivers = [alpha, beta, gamma];
    const { calls } = setup({
      'GET /api/lb/svc-1/receivers': () => jsonResponse(200, { receivers }),
      'PUT /api/lb/svc-1/receivers/r-a/active': () => {
        receivers = [{ ...alpha, isActive: false, throughput: 0 }, beta, gamma];
        return jsonResponse(204, null);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ }));
    const dialog = await findDialog('Are You Sure?');
    // Alpha 300 and Beta 100 share the traffic now; Gamma is inactive.
    const projection = within(dialog).getByRole('table', { name: 'Projected share of traffic' });
    const shareOf = (name: string) =>
      within(within(projection).getByRole('rowheader', { name }).closest('tr') as HTMLElement).getByRole(
        'cell',
      );
    expect(shareOf('Alpha')).toHaveTextContent('75.0% → 0.0%');
    expect(shareOf('Beta')).toHaveTextContent('25.0% → 100.0%');
    expect(shareOf('Gamma')).toHaveTextContent('0.0% → 0.0%');

    const before = countGets(calls, '/api/lb/svc-1/receivers');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Receiver disabled successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'PUT')).toEqual([
      { method: 'PUT', path: '/api/lb/svc-1/receivers/r-a/active', body: { active: false } },
    ]);
    expect(countGets(calls, '/api/lb/svc-1/receivers')).toBe(before + 1);
    expect(countGets(calls, '/api/lb/svc-1')).toBe(2);
    expect(
      await within(await receiverRow('Alpha')).findByRole('switch', { name: /^Inactive:/ }),
    ).not.toBeChecked();
  });

  it('asks once on a double click of a switch, and sends one change', async () => {
    const { calls } = setup({ 'PUT /api/lb/svc-1/receivers/r-a/active': () => jsonResponse(204, null) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.dblClick(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ }));
    const dialog = await findDialog('Are You Sure?');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Receiver disabled successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'PUT')).toEqual([
      { method: 'PUT', path: '/api/lb/svc-1/receivers/r-a/active', body: { active: false } },
    ]);
  });

  it('enables an inactive receiver after confirmation', async () => {
    const { calls } = setup({ 'PUT /api/lb/svc-1/receivers/r-c/active': () => jsonResponse(204, null) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Gamma')).getByRole('switch', { name: /^Inactive:/ }));
    const dialog = await findDialog('Are You Sure?');
    expect(dialog).toHaveTextContent('Enable Gamma?');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Receiver enabled successfully.')).toBeInTheDocument();
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ active: true });
  });

  it.each([
    ['Alpha', 'Active', 'r-a', 'Could not disable receiver. Contact support if this persists.'],
    ['Gamma', 'Inactive', 'r-c', 'Could not enable receiver. Contact support if this persists.'],
  ])(
    'toasts when switching %s fails, and keeps the dialog with the reason',
    async (name, state, id, text) => {
      setup({
        [`PUT /api/lb/svc-1/receivers/${id}/active`]: () =>
          jsonResponse(500, { errorMessage: 'The switch did not answer', code: 'INTERNAL' }),
      });
      const user = userEvent.setup();
      renderRoutes(routes, { path: DETAIL_PATH });
      await user.click(within(await receiverRow(name)).getByRole('switch', { name: `${state}: ${name}` }));
      const dialog = await findDialog('Are You Sure?');
      await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(within(dialog).getByRole('alert')).toHaveTextContent(MODAL_SUBMIT_FAILED);
    },
  );

  it('edits a weight with the note and a live projection, then toasts with the receiver name', async () => {
    const { calls, fetchMock } = setup({
      'PUT /api/lb/svc-1/receivers/r-b/weight': () => jsonResponse(204, null),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Beta')).getByRole('button', { name: 'Edit weight of Beta' }));
    const dialog = await findDialog('Adjust the weight of Beta');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    expect(field).toHaveValue('100');
    expect(field).toHaveAccessibleDescription(WEIGHT_CHANGE_NOTE);
    expect(dialog).toHaveTextContent('Changes may take a few minutes to take effect.');

    const projection = within(dialog).getByRole('table', { name: 'Projected share of traffic' });
    const shareOf = (name: string) =>
      within(within(projection).getByRole('rowheader', { name }).closest('tr') as HTMLElement).getByRole(
        'cell',
      );
    expect(shareOf('Beta')).toHaveTextContent('25.0% → 25.0%');
    await user.clear(field);
    await user.type(field, '300');
    expect(shareOf('Alpha')).toHaveTextContent('75.0% → 50.0%');
    expect(shareOf('Beta')).toHaveTextContent('25.0% → 50.0%');
    expect(shareOf('Gamma')).toHaveTextContent('0.0% → 0.0%');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Beta weight adjusted successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(calls, 'PUT')).toEqual([
      { method: 'PUT', path: '/api/lb/svc-1/receivers/r-b/weight', body: { weight: 300 } },
    ]);
    // A retry after no answer would carry the same key, so the platform makes the change once.
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT') ?? [];
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('warns when a change leaves no receiver taking the service’s traffic, and still allows it', async () => {
    setup({
      'GET /api/lb/svc-1/receivers': () =>
        jsonResponse(200, { receivers: [alpha, { ...beta, weight: 0 }, gamma] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(
      within(await receiverRow('Alpha')).getByRole('button', { name: 'Edit weight of Alpha' }),
    );
    const dialog = await findDialog('Adjust the weight of Alpha');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    expect(within(dialog).queryByRole('alert'), 'Alpha takes it all now').toBeNull();
    await user.clear(field);
    await user.type(field, '0');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'After this change no receiver of this service will take traffic: its transactions will have nowhere to go.',
    );
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.type(field, '5');
    expect(within(dialog).queryByRole('alert'), 'a weight of 5 takes it all again').toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ }));
    const confirm = await findDialog('Are You Sure?');
    expect(within(confirm).getByRole('alert')).toHaveTextContent(NO_TRAFFIC_WARNING);
  });

  it('warns when a change leaves only receivers that are down taking the traffic', async () => {
    const downBeta: Receiver = { ...beta, latestChange: { currentStatus: 'down' } };
    setup({
      'GET /api/lb/svc-1/receivers': () => jsonResponse(200, { receivers: [alpha, downBeta, gamma] }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Alpha')).getByRole('switch', { name: /^Active:/ }));
    const confirm = await findDialog('Are You Sure?');
    expect(within(confirm).getByRole('alert')).toHaveTextContent(
      "After this change only receivers that are down will take this service's traffic (Beta): its transactions will fail until one is up.",
    );
    expect(within(confirm).getByRole('button', { name: 'Okay' })).toBeEnabled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    // Alpha, up, keeps a share: nothing to warn about.
    await user.click(within(await receiverRow('Beta')).getByRole('button', { name: 'Edit weight of Beta' }));
    const dialog = await findDialog('Adjust the weight of Beta');
    await user.type(within(dialog).getByRole('textbox', { name: 'Weight' }), '0');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('offers no Save for the weight a receiver already has, so nothing is claimed adjusted', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Beta')).getByRole('button', { name: 'Edit weight of Beta' }));
    const dialog = await findDialog('Adjust the weight of Beta');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, '{Enter}');
    await user.clear(field);
    await user.type(field, '101');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.clear(field);
    await user.type(field, '100{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(sent(calls, 'PUT')).toEqual([]);
  });

  it('says "Sent for review" when FOUR_EYES turns the change into a request (202)', async () => {
    const { calls } = setup({
      'PUT /api/lb/svc-1/receivers/r-b/weight': () =>
        jsonResponse(202, { requestId: 'b7f3c2d4-0000-4000-8000-000000000001', status: 'PENDING' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Beta')).getByRole('button', { name: 'Edit weight of Beta' }));
    const dialog = await findDialog('Adjust the weight of Beta');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    await user.clear(field);
    await user.type(field, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(screen.queryByText('Beta weight adjusted successfully.')).toBeNull();
    expect(sent(calls, 'PUT')).toHaveLength(1);
  });

  it.each(['-1', '1001', 'abc', '', '12.5'])(
    'keeps Save disabled for the weight %j and marks the field invalid without a message',
    async (weight) => {
      const { calls } = setup();
      const user = userEvent.setup();
      renderRoutes(routes, { path: DETAIL_PATH });
      await user.click(
        within(await receiverRow('Alpha')).getByRole('button', { name: 'Edit weight of Alpha' }),
      );
      const dialog = await findDialog('Adjust the weight of Alpha');
      const field = within(dialog).getByRole('textbox', { name: 'Weight' });
      await user.clear(field);
      if (weight) await user.type(field, weight);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
      await user.type(field, '{Enter}');
      // No validator message appears (the specification suppresses them).
      for (const message of [
        'This is a required field',
        'Must be a valid number',
        'Must not exceed',
        'or greater',
      ]) {
        expect(within(dialog).queryByText(message, { exact: false })).toBeNull();
      }
      expect(within(dialog).getByRole('cell', { name: /^75.0% → –$/ })).toBeInTheDocument();
      expect(sent(calls, 'PUT')).toEqual([]);
    },
  );

  it.each([
    ['0', '0.0% → 0.0%'],
    ['1000', '75.0% → 90.9%'],
  ])('allows the weight %s', async (weight, share) => {
    const { calls } = setup({ 'PUT /api/lb/svc-1/receivers/r-a/weight': () => jsonResponse(204, null) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(
      within(await receiverRow('Alpha')).getByRole('button', { name: 'Edit weight of Alpha' }),
    );
    const dialog = await findDialog('Adjust the weight of Alpha');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    await user.clear(field);
    await user.type(field, weight);
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('cell', { name: share })).toBeInTheDocument();
    // Enter submits from the keyboard.
    await user.type(field, '{Enter}');
    expect(await screen.findByText('Alpha weight adjusted successfully.')).toBeInTheDocument();
    expect(sent(calls, 'PUT')[0]?.body).toEqual({ weight: Number(weight) });
  });

  it('toasts when the weight cannot be adjusted', async () => {
    setup({
      'PUT /api/lb/svc-1/receivers/r-a/weight': () =>
        jsonResponse(500, { errorMessage: 'The switch did not answer', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(
      within(await receiverRow('Alpha')).getByRole('button', { name: 'Edit weight of Alpha' }),
    );
    const dialog = await findDialog('Adjust the weight of Alpha');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    await user.clear(field);
    await user.type(field, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Could not adjust receiver weight. Contact support if this persists.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MODAL_SUBMIT_FAILED);
  });
  it('sends the version it listed with a weight; refused for a newer one, the modal shows the receiver now and the list reloads', async () => {
    const STALE_TEXT =
      'Someone else changed this receiver while you were editing: its weight is now 500 and it is inactive.';
    const changed = { ...alpha, weight: 500, isActive: false, version: 5 };
    let receivers = [alpha, beta, gamma];
    const { calls, fetchMock } = setup({
      'GET /api/lb/svc-1/receivers': () => jsonResponse(200, { receivers }),
      'PUT /api/lb/svc-1/receivers/r-a/weight': () => {
        receivers = [changed, beta, gamma];
        return jsonResponse(409, {
          errorMessage: STALE_TEXT,
          code: 'CONFLICT',
          details: { current: changed },
        });
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(
      within(await receiverRow('Alpha')).getByRole('button', { name: 'Edit weight of Alpha' }),
    );
    const dialog = await findDialog('Adjust the weight of Alpha');
    const field = within(dialog).getByRole('textbox', { name: 'Weight' });
    await user.clear(field);
    await user.type(field, '200');
    const before = countGets(calls, '/api/lb/svc-1/receivers');
    expect(within(dialog).getByRole('table', { name: 'Projected share of traffic' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_TEXT);
    expect(
      within(dialog).queryByRole('table', { name: 'Projected share of traffic' }),
      'the shares of the weights as listed, no longer true',
    ).toBeNull();
    expect(field).toHaveValue('200');
    expect(ifMatchOfPuts(fetchMock)).toEqual(['"4"']);
    await waitFor(() => expect(countGets(calls, '/api/lb/svc-1/receivers')).toBe(before + 1));
    const row = await receiverRow('Alpha');
    await waitFor(() => expect(within(row).getByRole('cell', { name: '500' })).toBeInTheDocument());
    expect(within(row).getByRole('switch', { name: /^Inactive:/ })).not.toBeChecked();
    // Sent again, it would carry the same old version: decided again from the reloaded row instead.
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(ifMatchOfPuts(fetchMock), 'Enter sends nothing either').toEqual(['"4"']);
    expect(
      screen.queryByText('Could not adjust receiver weight. Contact support if this persists.'),
      'someone else’s change is no fault for support',
    ).toBeNull();
  });

  it('sends the version it listed with a switch; refused for a newer one, the modal says why and the list reloads', async () => {
    const STALE_TEXT =
      'Someone else changed this receiver while you were editing: its weight is now 100 and it is inactive.';
    const changed = { ...beta, isActive: false, version: 2 };
    const { calls, fetchMock } = setup({
      'PUT /api/lb/svc-1/receivers/r-b/active': () =>
        jsonResponse(409, { errorMessage: STALE_TEXT, code: 'CONFLICT', details: { current: changed } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    await user.click(within(await receiverRow('Beta')).getByRole('switch', { name: /^Active:/ }));
    const dialog = await findDialog('Are You Sure?');
    const before = countGets(calls, '/api/lb/svc-1/receivers');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STALE_TEXT);
    expect(ifMatchOfPuts(fetchMock)).toEqual(['"1"']);
    await waitFor(() => expect(countGets(calls, '/api/lb/svc-1/receivers')).toBe(before + 1));
    expect(within(dialog).getByRole('button', { name: 'Okay' })).toBeDisabled();
    expect(within(dialog).queryByRole('table', { name: 'Projected share of traffic' })).toBeNull();
    expect(screen.queryByText('Could not disable receiver. Contact support if this persists.')).toBeNull();
  });
});

describe('receiver changes without EDIT_LOAD_BALANCER', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_LOAD_BALANCER']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('disables the switch with a not-allowed cursor and hides the Edit button', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: DETAIL_PATH });
    const row = within(await receiverRow('Alpha'));
    const toggle = row.getByRole('switch', { name: /^Active:/ });
    expect(toggle).toBeDisabled();
    const root = toggle.closest('.mantine-Switch-root');
    expect(root).toHaveStyle({ cursor: 'not-allowed' });
    expect(row.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /Edit weight/ })).toEqual([]);
    await user.click(toggle);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent(calls, 'PUT')).toEqual([]);
  });
});
