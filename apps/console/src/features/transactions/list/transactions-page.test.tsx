import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Transaction, TransactionsResponse } from '@web-control/contract/transactions';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { jsonResponse, routeFetch, settle } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { navigateTo } from '../../../test/router';
import { TEST_CONFIG } from '../../../test/tokens';
import { buildTransaction } from '../../../test/transactions';
import { AUTO_REFRESH_INTERVAL_MS, FILTER_DEBOUNCE_MS, INITIAL_REFRESH_DELAY_MS } from './constants';
import { TransactionsPage } from './transactions-page';

const PATH = '/dashboard/transactions';
const routes: RouteObject[] = [
  { path: PATH, element: <TransactionsPage /> },
  { path: `${PATH}/:uuid`, element: <p>Messages of the transaction</p> },
];

const NBSP = '\u00a0';
const FIRST = '11111111-1111-4111-8111-111111111111';
const SECOND = '22222222-2222-4222-8222-222222222222';
const THIRD = '33333333-3333-4333-8333-333333333333';

/** What the first two rows show besides the reference. */
const shown = {
  originatorId: 'ATM-0042',
  receiver: 'Card Issuer',
  serviceDesc: 'Purchase',
  tranState: 'Approved',
  // 14:05 in Johannesburg.
  timeStarted: '2026-11-22T12:05:09.000Z',
} satisfies Partial<Transaction>;

const withServiceData = buildTransaction({
  ...shown,
  uuid: FIRST,
  referenceNumber: 'REF-1111',
  serviceData: {
    base: [
      { name: 'Amount', value: 123456, meta: { currency: 'ZAR' } },
      { name: 'Card', value: '4000********0002' },
    ],
    service: [
      {
        name: 'Fees',
        value: [
          // A blank code is the default currency, ZAR.
          { name: 'Switch fee', value: 250, meta: { currency: '' } },
          { name: 'Waived', value: false },
        ],
      },
    ],
    error: [],
  },
});
const withoutServiceData = buildTransaction({
  ...shown,
  uuid: SECOND,
  referenceNumber: 'REF-2222',
  tranState: 'SAF queue',
  receiver: null,
  serverDesc: 'switch-1',
});
const third = buildTransaction({ uuid: THIRD, referenceNumber: 'REF-3333' });

function page(transactions: Transaction[], previousPage = false, nextPage = false): TransactionsResponse {
  return { transactions, paging: { previousPage, nextPage } };
}

type Handler = (body: unknown, url: URL) => Response;

const optionRoutes: Record<string, Handler> = {
  'GET /api/ecs/service_types': () =>
    jsonResponse(200, {
      serviceTypes: [
        { id: 'svc-1', serviceDesc: 'Purchase' },
        { id: 'svc-2', serviceDesc: 'Airtime' },
      ],
    }),
  'GET /api/ecs/originator_types': () =>
    jsonResponse(200, { originatorTypes: [{ id: 'atm', originatorDesc: 'ATM' }] }),
  'GET /api/ecs/transaction_states': () => jsonResponse(200, { tranStates: ['Approved', 'Declined'] }),
  'GET /api/ecs/receivers': () =>
    jsonResponse(200, {
      receivers: [
        { id: 'rcv-1', receiverName: 'Card Issuer' },
        { id: 'rcv-2', receiverName: 'Mobile Network' },
      ],
    }),
};

const listed = page([withServiceData, withoutServiceData]);

function setup(overrides: Record<string, Handler> = {}) {
  const fetch = routeFetch({
    ...optionRoutes,
    'GET /api/ecs/transactions': () => jsonResponse(200, listed),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  /** The query of each transactions call, as an object. */
  const listQueries = () =>
    fetch.requests('/api/ecs/transactions').map((url) => Object.fromEntries(url.searchParams));
  return { ...fetch, listQueries };
}

/** An answer that arrives when the test says so. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((settle) => {
    resolve = settle;
  });
  // routeFetch wraps a handler's answer in a promise; a pending one keeps the call open.
  return { handler: () => promise as unknown as Response, resolve };
}

/** Opens the page and lets the filter options and the initial refresh answer. */
async function openPage(path = PATH) {
  const view = renderRoutes(routes, { path });
  await settle();
  await settle(INITIAL_REFRESH_DELAY_MS);
  return view;
}

function row(reference: string): HTMLElement {
  return screen.getByRole('button', { name: new RegExp(`Reference: ${reference}`) });
}

/** A click, then the answers and renders it leads to. */
async function click(element: HTMLElement) {
  fireEvent.click(element);
  await settle();
}

async function type(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
  await settle();
}

async function chooseOption(combobox: HTMLElement, option: string) {
  await click(combobox);
  // In jsdom Mantine's dropdown keeps display:none, so its options count as hidden.
  await click(screen.getByRole('option', { name: option, hidden: true }));
}

describe('transactions list', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    // South Africa, UTC+2 all year: the form is local time, the API UTC.
    vi.stubEnv('TZ', 'Africa/Johannesburg');
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 14, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('shows nothing until the filter options have loaded, then the header and the form', async () => {
    const receivers = deferred();
    const { requests } = setup({ 'GET /api/ecs/receivers': receivers.handler });
    renderRoutes(routes, { path: PATH });
    await settle();
    for (const path of ['service_types', 'originator_types', 'transaction_states', 'receivers']) {
      expect(requests(`/api/ecs/${path}`), `${path} is asked for at once`).toHaveLength(1);
    }
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
    expect(document.title).toBe('Transactions | Web Control');
    expect(requests('/api/ecs/transactions')).toHaveLength(0);

    receivers.resolve(jsonResponse(200, { receivers: [{ id: 'rcv-1', receiverName: 'Card Issuer' }] }));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Auto-refresh' })).not.toBeChecked();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    expect(within(form).getByRole('button', { name: 'Date range' })).toHaveTextContent(
      "22nd Nov '26 00:00 – 22nd Nov '26 23:59",
    );
    expect(within(form).getByRole('textbox', { name: 'Reference' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Service' })).toHaveAttribute(
      'placeholder',
      'Select option',
    );
    expect(within(form).getByRole('combobox', { name: 'Receiver' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading transactions')).toBeInTheDocument();
  });

  it('lists without the filter options when they cannot be loaded, saying so with Try again', async () => {
    let receiversUp = false;
    setup({
      'GET /api/ecs/receivers': (body, url) =>
        receiversUp
          ? (optionRoutes['GET /api/ecs/receivers']?.(body, url) ?? jsonResponse(404, null))
          : jsonResponse(500, { errorMessage: 'down', code: 'INTERNAL' }),
    });
    await openPage();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    await click(within(form).getByRole('combobox', { name: 'Receiver' }));
    expect(screen.queryAllByRole('option', { hidden: true }).map((option) => option.textContent)).toEqual([]);
    expect(row('REF-1111')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      "Could not retrieve the filters' choices (500). Contact support if this persists.",
    );
    receiversUp = true;
    await click(within(alert).getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    await click(within(form).getByRole('combobox', { name: 'Receiver' }));
    expect(screen.queryAllByRole('option', { hidden: true }).length).toBeGreaterThan(0);
  });

  it('first loads 500 ms after opening, for the whole of today in compact ISO UTC', async () => {
    const { listQueries } = setup();
    renderRoutes(routes, { path: PATH });
    await settle(INITIAL_REFRESH_DELAY_MS - 1);
    expect(listQueries()).toEqual([]);
    await settle(1);
    expect(listQueries()).toEqual([{ dateFrom: '20261121T220000Z', dateTo: '20261122T215959Z' }]);
    await settle();
    expect(screen.queryByLabelText('Loading transactions')).toBeNull();
    expect(row('REF-1111')).toBeInTheDocument();
  });

  it('says when no transaction matches', async () => {
    setup({ 'GET /api/ecs/transactions': () => jsonResponse(200, page([])) });
    await openPage();
    expect(screen.getByRole('status')).toHaveTextContent('No transactions match your query');
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
  });

  it('says a failed load failed (the platform’s reason for a refusal), and nothing claiming no match', async () => {
    setup({
      'GET /api/ecs/transactions': () => jsonResponse(500, { errorMessage: 'down', code: 'INTERNAL' }),
    });
    await openPage();
    expect(screen.queryByLabelText('Loading transactions')).toBeNull();
    expect(screen.queryByText('No transactions match your query')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Could not retrieve transactions (500). Contact support if this persists.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a row per transaction: time started, reference, service, receiver, originator and state', async () => {
    setup();
    await openPage();
    const rows = within(screen.getByRole('list', { name: 'Transactions' })).getAllByRole('button');
    expect(rows.map((element) => element.textContent)).toEqual([
      "Time started: 22nd Nov '26 14:05Reference: REF-1111Service: PurchaseReceiver: Card IssuerOriginator: ATM-0042State: Approved",
      "Time started: 22nd Nov '26 14:05Reference: REF-2222Service: PurchaseReceiver: –Originator: ATM-0042State: SAF queue",
    ]);
    expect(within(row('REF-2222')).getByText('SAF queue').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'incomplete',
    );
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("pages with the first page's newest row as the latest record and offset page*20-20, at once", async () => {
    const newer = buildTransaction({
      uuid: '44444444-4444-4444-8444-444444444444',
      referenceNumber: 'REF-NEW',
    });
    let firstPages = 0;
    const { listQueries } = setup({
      'GET /api/ecs/transactions': (_body, url) => {
        if (url.searchParams.get('offset') === '20') return jsonResponse(200, page([third], true, false));
        firstPages += 1;
        // A transaction arrives while the operator is on page 2.
        const rows = firstPages === 1 ? [withServiceData, withoutServiceData] : [newer, withServiceData];
        return jsonResponse(200, page(rows, false, true));
      },
    });
    const { router } = await openPage();
    await click(screen.getByRole('button', { name: 'Next page' }));
    expect(listQueries()[1]).toEqual({
      dateFrom: '20261121T220000Z',
      dateTo: '20261122T215959Z',
      latestRecord: FIRST,
      offset: '20',
    });
    expect(router.state.location.search).toBe(
      `?from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&page=2&latest=${FIRST}`,
    );
    expect(row('REF-3333')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await click(screen.getByRole('button', { name: 'Previous page' }));
    expect(listQueries()[2]).toEqual({ dateFrom: '20261121T220000Z', dateTo: '20261122T215959Z' });
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(row('REF-NEW')).toBeInTheDocument();

    // Back to page 2 counts from the row it was paged from, not from the newer one page 1 now shows.
    await act(() => router.navigate(-1));
    await settle();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(listQueries()[3]).toEqual({
      dateFrom: '20261121T220000Z',
      dateTo: '20261122T215959Z',
      latestRecord: FIRST,
      offset: '20',
    });
  });

  it('says a reference the platform would refuse at its field, and waits rather than ask', async () => {
    const { listQueries } = setup();
    await openPage(`${PATH}?from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&reference=${'R'.repeat(65)}`);
    expect(screen.getByRole('textbox', { name: 'Reference' })).toHaveAccessibleDescription(
      'Must not exceed 64 characters',
    );
    expect(
      screen.getByText('Correct or clear the Reference filter to see transactions.'),
    ).toBeInTheDocument();
    expect(listQueries()).toEqual([]);
  });

  it('says a page past the end is past the end, not that nothing matches, and leads to the first page', async () => {
    const { listQueries } = setup({
      'GET /api/ecs/transactions': (_body, url) =>
        jsonResponse(200, url.searchParams.has('offset') ? page([], true, false) : listed),
    });
    const { router } = await openPage(
      `${PATH}?from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&page=40&latest=${FIRST}`,
    );
    expect(listQueries()[0]).toMatchObject({ offset: '780' });
    expect(screen.getByText('There is no page 40: the list ends before it.')).toBeInTheDocument();
    expect(screen.queryByText('No transactions match your query')).toBeNull();

    await click(screen.getByRole('button', { name: 'Go to the first page' }));
    expect(router.state.location.search).toBe('?from=2026-11-22T00%3A00&to=2026-11-22T23%3A59');
    expect(row('REF-1111')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('loads a filter change after 1 s of quiet and writes it to the URL', async () => {
    const { listQueries } = setup();
    const { router } = await openPage();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    await type(within(form).getByRole('textbox', { name: 'Reference' }), 'REF-1');
    await chooseOption(within(form).getByRole('combobox', { name: 'Service' }), 'Airtime');
    expect(within(form).getByRole('textbox', { name: 'Reference' })).toHaveValue('REF-1');
    await settle(FILTER_DEBOUNCE_MS - 1);
    expect(listQueries()).toHaveLength(1);
    expect(router.state.location.search).toBe('');
    await settle(1);
    expect(listQueries()).toHaveLength(2);
    expect(listQueries()[1]).toEqual({
      dateFrom: '20261121T220000Z',
      dateTo: '20261122T215959Z',
      reference: 'REF-1',
      service: 'svc-2',
    });
    expect(router.state.location.search).toBe(
      '?from=2026-11-22T00%3A00&to=2026-11-22T23%3A59&reference=REF-1&service=svc-2',
    );
  });

  it('waits for a STAN or card number being typed instead of listing what it does not filter', async () => {
    const { listQueries } = setup();
    await openPage();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    await type(within(form).getByRole('textbox', { name: 'STAN' }), '0042');
    await settle(FILTER_DEBOUNCE_MS);
    expect(screen.getByText('Correct or clear the STAN filter to see transactions.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reference: / })).toBeNull();
    expect(exportButton).toBeDisabled();
    await settle(AUTO_REFRESH_INTERVAL_MS);
    expect(listQueries(), 'nothing asked while the STAN is partial').toHaveLength(1);

    await type(within(form).getByRole('textbox', { name: 'STAN' }), '004217');
    await type(within(form).getByRole('textbox', { name: 'Card number' }), '4111');
    await settle(FILTER_DEBOUNCE_MS);
    expect(
      screen.getByText('Correct or clear the Card number filter to see transactions.'),
    ).toBeInTheDocument();
    expect(listQueries()).toHaveLength(1);

    await type(within(form).getByRole('textbox', { name: 'Card number' }), '');
    await settle(FILTER_DEBOUNCE_MS);
    expect(listQueries()).toHaveLength(2);
    expect(listQueries()[1]).toMatchObject({ stan: '004217' });
    expect(screen.queryByText(/to see transactions/)).toBeNull();
    expect(exportButton).toBeEnabled();
  });

  it('waits while a whole card number is typed as the reference, which is never sent', async () => {
    const { listQueries } = setup();
    await openPage();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    const reference = within(form).getByRole('textbox', { name: 'Reference' });
    await type(reference, '4111 1111 1111 1111');
    expect(
      screen.getByText('Correct or clear the Reference filter to see transactions.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await settle(FILTER_DEBOUNCE_MS);
    expect(listQueries(), 'nothing asked for the card number').toHaveLength(1);

    await type(reference, '');
    await settle(FILTER_DEBOUNCE_MS);
    expect(screen.queryByText(/to see transactions/)).toBeNull();
    expect(listQueries().length).toBeGreaterThan(1);
    expect(listQueries().some((query) => 'reference' in query)).toBe(false);
  });

  it('says when a link’s range does not read or is reversed, and shows today’s transactions', async () => {
    const { listQueries } = setup();
    const { router } = await openPage(`${PATH}?from=2026-11-21T10:00&to=2026-11-20T10:00&reference=R1`);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(
      "The link's range ends before it starts, so today's transactions are shown.",
    );
    expect(router.state.location.search, 'the address says what is shown').toMatch(
      /from=.*&to=.*&reference=R1/,
    );
    expect(listQueries().at(-1)).toMatchObject({ reference: 'R1' });
    await click(within(notice).getByRole('button'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says a link’s range that starts after now can match nothing yet, until it lists something', async () => {
    let begun = false;
    setup({
      'GET /api/ecs/transactions': () => jsonResponse(200, begun ? listed : { ...listed, transactions: [] }),
    });
    await openPage(`${PATH}?from=2099-01-01T00:00&to=2099-01-02T00:00`);
    const notice = "The link's range starts after now, so no transaction can match it yet.";
    expect(screen.getByText(notice)).toBeInTheDocument();
    expect(screen.getByText('No transactions match your query')).toBeInTheDocument();
    begun = true;
    await click(screen.getByRole('button', { name: 'Refresh' }));
    expect(row('REF-1111')).toBeInTheDocument();
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('keeps a card number typed in STAN, or in slashed groups as the reference, out of the address', async () => {
    const { listQueries } = setup();
    const { router } = await openPage();
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    const stan = within(form).getByRole('textbox', { name: 'STAN' });
    await type(stan, '4111 1111 1111 1111');
    await settle(FILTER_DEBOUNCE_MS);
    expect(stan).toHaveAccessibleDescription('Six digits: a card number is never searched');
    expect(screen.getByText('Correct or clear the STAN filter to see transactions.')).toBeInTheDocument();
    expect(router.state.location.search, 'never in the address').not.toMatch(/stan=|4111/);
    await type(stan, '');
    await type(within(form).getByRole('textbox', { name: 'Reference' }), '4111/1111/1111/1111');
    await settle(FILTER_DEBOUNCE_MS);
    expect(router.state.location.search).not.toMatch(/reference=|4111/);
    expect(listQueries().some((query) => JSON.stringify(query).includes('4111'))).toBe(false);
  });

  it('keeps a card number typed over a linked reference in its field, and waits', async () => {
    const { listQueries } = setup();
    const { router } = await openPage(`${PATH}?reference=REF-1111`);
    const reference = within(screen.getByRole('search', { name: 'Filter transactions' })).getByRole(
      'textbox',
      {
        name: 'Reference',
      },
    );
    await type(reference, '4111 1111 1111 1111');
    await settle(FILTER_DEBOUNCE_MS);
    expect(reference).toHaveValue('4111 1111 1111 1111');
    expect(
      screen.getByText('Correct or clear the Reference filter to see transactions.'),
    ).toBeInTheDocument();
    expect(listQueries(), 'not every transaction either').toHaveLength(1);
    expect(router.state.location.search).not.toContain('4111');
  });

  it('shows a link’s receiver the options do not hold as it is, saying so, rather than filter unseen', async () => {
    const { listQueries } = setup();
    await openPage(`${PATH}?receiver=ghost-host`);
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    const receiver = within(form).getByRole('combobox', { name: 'Receiver' });
    expect(receiver).toHaveValue('ghost-host');
    expect(receiver).toHaveAccessibleDescription('No receiver has the id "ghost-host".');
    expect(listQueries()[0]).toMatchObject({ receiver: 'ghost-host' });
    expect(within(form).getByRole('combobox', { name: 'Service' })).toHaveValue('');
  });

  it('restores the form and the list from the URL, also on Back', async () => {
    const shared =
      '?from=2026-11-20T08%3A30&to=2026-11-21T17%3A45&reference=REF-9&service=svc-2&receiver=rcv-2&page=2';
    const { listQueries } = setup();
    const { router } = await openPage(`${PATH}${shared}`);
    const form = screen.getByRole('search', { name: 'Filter transactions' });
    expect(within(form).getByRole('button', { name: 'Date range' })).toHaveTextContent(
      "20th Nov '26 08:30 – 21st Nov '26 17:45",
    );
    expect(within(form).getByRole('textbox', { name: 'Reference' })).toHaveValue('REF-9');
    expect(within(form).getByRole('combobox', { name: 'Service' })).toHaveValue('Airtime');
    expect(within(form).getByRole('combobox', { name: 'Receiver' })).toHaveValue('Mobile Network');
    // A shared later page has no latest record of its own.
    expect(listQueries()).toEqual([
      {
        dateFrom: '20261120T063000Z',
        dateTo: '20261121T154559Z',
        reference: 'REF-9',
        service: 'svc-2',
        receiver: 'rcv-2',
        offset: '20',
      },
    ]);
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    const reference = within(form).getByRole('textbox', { name: 'Reference' });
    await type(reference, '');
    await settle(FILTER_DEBOUNCE_MS);
    expect(router.state.location.search).not.toContain('reference');
    expect(router.state.location.search, 'a new filter starts at page 1').not.toContain('page');
    expect(listQueries()).toHaveLength(2);
    expect(listQueries()[1]).not.toHaveProperty('reference');

    await navigateTo(router, -1);
    await settle();
    expect(router.state.location.search).toBe(shared);
    expect(within(form).getByRole('textbox', { name: 'Reference' })).toHaveValue('REF-9');
    expect(listQueries()).toHaveLength(3);
    expect(listQueries()[2]).toMatchObject({ reference: 'REF-9', offset: '20' });
  });

  it("opens and closes a row's details by click, Enter and Space, but not at the end of a text selection", async () => {
    setup();
    await openPage();
    const first = row('REF-1111');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const details = screen.getByRole('region', { name: 'Details of transaction REF-1111' });
    expect(first).toHaveAttribute('aria-controls', details.id);

    // Opening another row closes the first.
    await click(row('REF-2222'));
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Details of transaction REF-1111' })).toBeNull();
    await click(row('REF-2222'));
    expect(row('REF-2222')).toHaveAttribute('aria-expanded', 'false');

    fireEvent.keyDown(first, { key: 'Enter' });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(first, { key: ' ' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(first, { key: 'a' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    const selection = vi.spyOn(window, 'getSelection').mockReturnValue({
      toString: () => 'REF-1111',
    } as Selection);
    await click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    selection.mockRestore();
  });

  it('shows the service data by section, nested and with amounts in currency, and links to the messages', async () => {
    setup();
    const { router } = await openPage();
    await click(row('REF-1111'));
    const details = screen.getByRole('region', { name: 'Details of transaction REF-1111' });
    expect(within(details).getByRole('heading', { name: 'Base' })).toBeInTheDocument();
    expect(within(details).getByRole('heading', { name: 'Service' })).toBeInTheDocument();
    expect(
      within(details).queryByRole('heading', { name: 'Error' }),
      'an empty section is left out',
    ).toBeNull();
    const pairs = within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Amount', `R${NBSP}1${NBSP}234.56`],
      ['Card', '4000********0002'],
      ['Fees', `Switch feeR${NBSP}2.50Waivedfalse`],
      ['Switch fee', `R${NBSP}2.50`],
      ['Waived', 'false'],
    ]);
    expect(within(details).queryByText('Trace ID')).toBeNull();

    await click(within(details).getByRole('link', { name: 'View messages' }));
    expect(screen.getByText('Messages of the transaction')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`${PATH}/${FIRST}`);
  });

  it('shows only the trace ID and environment of a transaction without service data', async () => {
    setup();
    await openPage();
    await click(row('REF-2222'));
    const details = screen.getByRole('region', { name: 'Details of transaction REF-2222' });
    const pairs = within(details)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Trace ID', SECOND],
      ['Environment', 'switch-1'],
    ]);
    expect(within(details).queryByRole('heading')).toBeNull();
    expect(within(details).getByRole('link', { name: 'View messages' })).toHaveAttribute(
      'href',
      `${PATH}/${SECOND}`,
    );
  });

  it('refreshes every 5 s only with auto-refresh on, in the background without the loader', async () => {
    let answer = deferred();
    const { listQueries } = setup({ 'GET /api/ecs/transactions': () => answer.handler() });
    renderRoutes(routes, { path: PATH });
    await settle(INITIAL_REFRESH_DELAY_MS);
    answer.resolve(jsonResponse(200, listed));
    await settle();
    expect(row('REF-1111')).toBeInTheDocument();

    await settle(AUTO_REFRESH_INTERVAL_MS);
    expect(listQueries(), 'auto-refresh is off').toHaveLength(1);

    await click(screen.getByRole('switch', { name: 'Auto-refresh' }));
    answer = deferred();
    await settle(AUTO_REFRESH_INTERVAL_MS);
    expect(listQueries()).toHaveLength(2);
    expect(screen.queryByLabelText('Loading transactions')).toBeNull();
    expect(row('REF-1111'), 'the list stays while it refreshes').toBeInTheDocument();

    answer.resolve(jsonResponse(200, page([third])));
    await settle();
    expect(row('REF-3333')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /REF-1111/ })).toBeNull();

    // A failed refresh keeps the list, silently.
    answer = deferred();
    await settle(AUTO_REFRESH_INTERVAL_MS);
    answer.resolve(jsonResponse(503, {}));
    await settle();
    expect(listQueries()).toHaveLength(3);
    expect(row('REF-3333')).toBeInTheDocument();
  });

  it('reloads in the foreground on Refresh: the list gives way to the loader', async () => {
    let answer = deferred();
    const { listQueries } = setup({ 'GET /api/ecs/transactions': () => answer.handler() });
    renderRoutes(routes, { path: PATH });
    await settle(INITIAL_REFRESH_DELAY_MS);
    answer.resolve(jsonResponse(200, listed));
    await settle();

    answer = deferred();
    await click(screen.getByRole('button', { name: 'Refresh' }));
    expect(listQueries()).toHaveLength(2);
    expect(screen.getByLabelText('Loading transactions')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
    answer.resolve(jsonResponse(200, listed));
    await settle();
    expect(row('REF-1111')).toBeInTheDocument();
  });
});
