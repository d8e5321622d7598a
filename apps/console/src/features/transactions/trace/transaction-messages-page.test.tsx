import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import type { EdgeMessage, TransactionLegResponse } from '@web-control/contract/transactions';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { formatDateTimeSeconds } from '../../../shared/format/dates';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { buildEdgeMessage, buildTransaction } from '../../../test/transactions';
import { COPIED_DURATION_MS, TRACE_NOT_FOUND_AFTER_MS, TRACE_REFRESH_MS } from './constants';
import { formatTrace } from './trace-text';
import { TransactionMessagesPage } from './transaction-messages-page';

const routes: RouteObject[] = [
  { path: '/dashboard/transactions/:uuid', element: <TransactionMessagesPage /> },
];

const LEG = '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b';
const PREVIOUS = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LEG_PATH = `/dashboard/transactions/${LEG}`;

function legResponse(
  uuid: string,
  overrides: Partial<TransactionLegResponse['transactionLeg']> = {},
): TransactionLegResponse {
  return {
    transactionLeg: { uuid, state: 'Completed', uuidPrev: PREVIOUS, uuidNext: null, ...overrides },
    // What the leg summary shows.
    transaction: buildTransaction({
      uuid,
      referenceNumber: `REF-${uuid.slice(0, 4)}`,
      serviceDesc: 'Purchase',
      receiver: 'Card Issuer',
      originatorId: 'POS-0042',
      timeStarted: '2026-02-03T12:05:09.000Z',
      timeCompleted: '2026-02-03T12:05:10.000Z',
    }),
  };
}

// Sent out of order: the page orders them by time.
const messages: EdgeMessage[] = [
  buildEdgeMessage({
    id: '3',
    messageDesc: 'Issuer response',
    edgeName: 'card-issuer',
    direction: 'RECEIVE',
    nrRepeats: 1,
    content: '<Rsp><Code>00</Code></Rsp>',
    timeCreated: '2026-02-03T12:05:09.600Z',
  }),
  buildEdgeMessage({
    id: '1',
    messageDesc: 'Authorisation request',
    edgeName: 'pos-gateway',
    edgeType: 'INLET',
    direction: 'RECEIVE',
    timeCreated: '2026-02-03T12:05:09.100Z',
    nrRepeats: 1,
    content: '{"amount":1000}',
  }),
  buildEdgeMessage({
    id: '2',
    messageDesc: 'Issuer request',
    edgeName: 'card-issuer',
    direction: 'SEND',
    nrRepeats: 1000,
    content: 'MTI=0100 F004=000000001000',
    timeCreated: '2026-02-03T12:05:09.300Z',
  }),
  buildEdgeMessage({
    id: '4',
    messageDesc: 'Authorisation response',
    edgeName: 'pos-gateway',
    direction: 'SEND',
    nrRepeats: 3,
    timeCreated: '2026-02-03T12:05:09.900Z',
  }),
];

type Handler = (body: unknown, url: URL) => Response;

function setup(overrides: Record<string, Handler> = {}) {
  const fetch = routeFetch({
    [`GET /api/ecs/transactions/${LEG}`]: () => jsonResponse(200, legResponse(LEG)),
    [`GET /api/ecs/transactions/${LEG}/messages`]: () => jsonResponse(200, { messages }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

function countGets(calls: { method: string; path: string }[], path: string): number {
  return calls.filter((call) => call.method === 'GET' && call.path === path).length;
}

function box(name: string | RegExp): HTMLElement {
  return within(screen.getByRole('list', { name: 'Edge messages' })).getByRole('button', { name });
}

function detailItems(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Message details' })).getAllByRole('listitem');
}

function detailNames(): string[] {
  return detailItems().map((item) => within(item).getByRole('heading').textContent);
}

function field(item: HTMLElement, name: string): string {
  const header = within(item).getByRole('rowheader', { name });
  return header.closest('tr')?.querySelector('td')?.textContent ?? '';
}

async function findLoaded(): Promise<void> {
  await screen.findByRole('list', { name: 'Edge messages' });
}

describe('transaction messages page', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shows a loader until both calls answer, then the leg summary', async () => {
    setup();
    renderRoutes(routes, { path: LEG_PATH });
    expect(screen.getByLabelText('Loading transaction messages')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction Messages' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Transaction Messages | Web Control'));

    const summary = await screen.findByRole('table', { name: 'Leg summary' });
    expect(screen.queryByLabelText('Loading transaction messages')).toBeNull();
    const value = (name: string) =>
      within(summary).getByRole('rowheader', { name }).closest('tr')?.querySelector('td');
    expect(value('Trace ID')).toHaveTextContent(LEG);
    expect(value('State')).toHaveTextContent('Completed');
    expect(value('Reference')).toHaveTextContent('REF-6f1c');
    expect(value('Service')).toHaveTextContent('Purchase');
    expect(value('Receiver')).toHaveTextContent('Card Issuer');
    expect(value('Originator')).toHaveTextContent('POS-0042');
    expect(value('Started')).toHaveTextContent(formatDateTimeSeconds('2026-02-03T12:05:09.000Z'));
    expect(value('Completed')).toHaveTextContent(formatDateTimeSeconds('2026-02-03T12:05:10.000Z'));
  });

  it('draws the messages in time order, the first selected and alone in the details', async () => {
    setup();
    renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();
    const boxes = within(screen.getByRole('list', { name: 'Edge messages' })).getAllByRole('button');
    expect(boxes.map((element) => element.getAttribute('aria-label'))).toEqual([
      'Authorisation request from pos-gateway',
      'Issuer request to card-issuer, 999+ repeats',
      'Issuer response from card-issuer',
      'Authorisation response to pos-gateway, 3 repeats',
    ]);
    expect(boxes.map((element) => element.getAttribute('aria-pressed'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);

    const [item] = detailItems();
    expect(detailItems()).toHaveLength(1);
    expect(item).toHaveAccessibleName('Authorisation request from pos-gateway');
    const detail = item as HTMLElement;
    expect(field(detail, 'Edge')).toBe('pos-gateway');
    expect(field(detail, 'Edge type')).toBe('INLET');
    expect(field(detail, 'Direction')).toBe('RECEIVE');
    expect(field(detail, 'Time')).toBe(formatDateTimeSeconds('2026-02-03T12:05:09.100Z'));
    expect(field(detail, 'Repeats')).toBe('1');
    expect(detail.querySelector('pre')?.textContent).toBe('{\n  "amount": 1000\n}');
    expect(screen.getByRole('button', { name: 'Show All' })).toBeEnabled();
  });

  it('shows only the message whose box is clicked, and all of them on Show All', async () => {
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();

    await user.click(box('Issuer response from card-issuer'));
    expect(box('Issuer response from card-issuer')).toHaveAttribute('aria-pressed', 'true');
    expect(box('Authorisation request from pos-gateway')).toHaveAttribute('aria-pressed', 'false');
    expect(detailNames()).toEqual(['Issuer response from card-issuer']);
    expect(detailItems()[0]?.querySelector('pre')?.textContent).toBe('<Rsp>\n  <Code>00</Code>\n</Rsp>');

    await user.click(screen.getByRole('button', { name: 'Show All' }));
    expect(detailNames()).toEqual([
      'Authorisation request from pos-gateway',
      'Issuer request to card-issuer',
      'Issuer response from card-issuer',
      'Authorisation response to pos-gateway',
    ]);
    expect(screen.getByRole('button', { name: 'Showing All' })).toBeDisabled();
    expect(
      screen.getByRole('heading', { name: 'Authorisation request from pos-gateway' }),
      'the keyboard goes on from the first message, not from the page',
    ).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Show All' })).toBeNull();
    for (const element of within(screen.getByRole('list', { name: 'Edge messages' })).getAllByRole(
      'button',
    )) {
      expect(element).toHaveAttribute('aria-pressed', 'false');
    }

    // The keyboard selects too.
    box('Issuer request to card-issuer, 999+ repeats').focus();
    await user.keyboard('{Enter}');
    expect(detailNames()).toEqual(['Issuer request to card-issuer']);
    expect(screen.getByRole('button', { name: 'Show All' })).toBeEnabled();
  });

  it('shows a repeat count from 2 on, as 999+ from 1000', async () => {
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();
    expect(box(/^Issuer request/)).toHaveTextContent('999+ repeats');
    expect(box(/^Authorisation response/)).toHaveTextContent('3 repeats');
    expect(box('Authorisation request from pos-gateway')).not.toHaveTextContent('repeats');

    await user.click(box(/^Issuer request/));
    const [item] = detailItems();
    expect(field(item as HTMLElement, 'Repeats')).toBe('999+');
    expect(item?.querySelector('pre')?.textContent).toBe('MTI=0100 F004=000000001000');
  });

  it('copies the trace and says Copied for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();

    await user.click(screen.getByRole('button', { name: 'Copy Trace' }));
    const leg = legResponse(LEG);
    const ordered = ['1', '2', '3', '4'].map((id) => messages.find((message) => message.id === id));
    expect(writeText).toHaveBeenCalledWith(
      formatTrace(leg.transaction, leg.transactionLeg, ordered as EdgeMessage[]),
    );
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(COPIED_DURATION_MS - 100));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('button', { name: 'Copy Trace' })).toBeInTheDocument();
  });

  it('says the messages are on their way while there are none', async () => {
    setup({ [`GET /api/ecs/transactions/${LEG}/messages`]: () => jsonResponse(200, { messages: [] }) });
    renderRoutes(routes, { path: LEG_PATH });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'These messages are still on their way, they should appear automatically in a few seconds',
    );
    expect(screen.queryByRole('list', { name: 'Edge messages' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Showing All' })).toBeDisabled();
  });

  it('goes to the previous and next legs, offering only the ones that exist', async () => {
    const { calls } = setup({
      [`GET /api/ecs/transactions/${PREVIOUS}`]: () =>
        jsonResponse(200, legResponse(PREVIOUS, { uuidPrev: null, uuidNext: LEG })),
      [`GET /api/ecs/transactions/${PREVIOUS}/messages`]: () =>
        jsonResponse(200, {
          messages: [
            buildEdgeMessage({
              id: 'p1',
              messageDesc: 'Earlier request',
              edgeName: 'pos-gateway',
              direction: 'RECEIVE',
              nrRepeats: 1,
            }),
          ],
        }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();
    expect(screen.queryByRole('link', { name: 'Next leg' })).toBeNull();
    const previous = screen.getByRole('link', { name: 'Previous leg' });
    expect(previous).toHaveAttribute('href', `/dashboard/transactions/${PREVIOUS}`);
    expect(previous, 'the arrow says which way, its text where to').toHaveTextContent('←Previous leg');

    await user.click(previous);
    expect(await screen.findByRole('button', { name: 'Earlier request from pos-gateway' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(router.state.location.pathname).toBe(`/dashboard/transactions/${PREVIOUS}`);
    expect(countGets(calls, `/api/ecs/transactions/${PREVIOUS}/messages`)).toBe(1);
    expect(screen.queryByRole('link', { name: 'Previous leg' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Next leg' }));
    expect(
      await screen.findByRole('button', { name: 'Authorisation request from pos-gateway' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(LEG_PATH);
  });

  it('refreshes both calls every 5 s without a loader, keeping the reader’s choice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = messages;
    const { calls } = setup({
      [`GET /api/ecs/transactions/${LEG}/messages`]: () => jsonResponse(200, { messages: current }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderRoutes(routes, { path: LEG_PATH });
    await findLoaded();
    await user.click(screen.getByRole('button', { name: 'Show All' }));
    const legPath = `/api/ecs/transactions/${LEG}`;
    expect(countGets(calls, legPath)).toBe(1);
    expect(countGets(calls, `${legPath}/messages`)).toBe(1);

    current = [
      ...messages,
      buildEdgeMessage({
        id: '5',
        messageDesc: 'Reversal advice',
        edgeName: 'pos-gateway',
        direction: 'RECEIVE',
        nrRepeats: 1,
      }),
    ];
    await act(() => vi.advanceTimersByTimeAsync(TRACE_REFRESH_MS));
    expect(countGets(calls, legPath)).toBe(2);
    expect(countGets(calls, `${legPath}/messages`)).toBe(2);
    expect(screen.queryByLabelText('Loading transaction messages')).toBeNull();
    expect(
      await screen.findByRole('button', { name: 'Reversal advice from pos-gateway' }),
    ).toBeInTheDocument();
    expect(detailItems()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Showing All' })).toBeDisabled();

    // A failed refresh keeps what is shown and says nothing.
    await user.click(box('Issuer response from card-issuer'));
    current = [];
    setup({
      [`GET /api/ecs/transactions/${LEG}/messages`]: () =>
        jsonResponse(500, { errorMessage: 'boom', code: 'INTERNAL' }),
    });
    await act(() => vi.advanceTimersByTimeAsync(TRACE_REFRESH_MS));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Last refresh failed'), 'specification 1, section 8').toBeNull();
    expect(box('Issuer response from card-issuer')).toHaveAttribute('aria-pressed', 'true');
    expect(detailNames()).toEqual(['Issuer response from card-issuer']);
    expect(within(screen.getByRole('list', { name: 'Edge messages' })).getAllByRole('button')).toHaveLength(
      5,
    );
  });

  it('says the messages could not be retrieved when the first load fails, and recovers on the next refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let failing = true;
    setup({
      [`GET /api/ecs/transactions/${LEG}`]: () =>
        failing
          ? jsonResponse(503, { errorMessage: 'down', code: 'UNAVAILABLE' })
          : jsonResponse(200, legResponse(LEG)),
      [`GET /api/ecs/transactions/${LEG}/messages`]: () =>
        failing
          ? jsonResponse(503, { errorMessage: 'down', code: 'UNAVAILABLE' })
          : jsonResponse(200, { messages }),
    });
    renderRoutes(routes, { path: LEG_PATH });
    // Not "on their way": the platform failed, and waiting would not bring them.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not retrieve the transaction's messages (503). Contact support if this persists.",
    );
    expect(screen.queryByText(/still on their way/)).toBeNull();
    expect(screen.queryByRole('table', { name: 'Leg summary' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy Trace' })).toBeDisabled();

    failing = false;
    await act(() => vi.advanceTimersByTimeAsync(TRACE_REFRESH_MS));
    expect(await screen.findByRole('table', { name: 'Leg summary' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box('Authorisation request from pos-gateway')).toHaveAttribute('aria-pressed', 'true');
  });
  it('says at once that an id which is no id does not exist, with a way back to the list', async () => {
    const invalid = { errorMessage: 'Invalid request: uuid: Invalid UUID', code: 'VALIDATION_FAILED' };
    const { calls } = setup({
      'GET /api/ecs/transactions/not-a-uuid': () => jsonResponse(400, invalid),
      'GET /api/ecs/transactions/not-a-uuid/messages': () => jsonResponse(400, invalid),
    });
    renderRoutes(routes, { path: '/dashboard/transactions/not-a-uuid' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No transaction with this ID was found. Check the link, or find the transaction by its reference on the Transactions page.',
    );
    expect(calls, 'an id that is no id is asked of no one').toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute(
      'href',
      '/dashboard/transactions',
    );
    expect(screen.queryByRole('button', { name: 'Copy Trace' }), 'nothing to copy').not.toBeInTheDocument();
  });

  it('says at once that an id the platform says does not exist was not found (retention removed it), and asks no more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gone = {
      errorMessage: 'This transaction does not exist (it may be older than the retention period)',
      code: 'NOT_FOUND',
      details: { pending: false },
    };
    const { calls } = setup({
      [`GET /api/ecs/transactions/${LEG}`]: () => jsonResponse(404, gone),
      [`GET /api/ecs/transactions/${LEG}/messages`]: () => jsonResponse(404, gone),
    });
    renderRoutes(routes, { path: LEG_PATH });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No transaction with this ID was found. Check the link, or find the transaction by its reference on the Transactions page.',
    );
    expect(screen.getByRole('link', { name: 'Back to Transactions' })).toHaveAttribute(
      'href',
      '/dashboard/transactions',
    );
    expect(screen.queryByRole('button', { name: 'Copy Trace' }), 'nothing to copy').not.toBeInTheDocument();
    expect(screen.queryByText('Live'), 'nothing live to pause').not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(TRACE_REFRESH_MS * 3));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    onTestFinished(() => focusManager.setFocused(undefined));
    await act(() => vi.advanceTimersByTimeAsync(100));
    const legPath = `/api/ecs/transactions/${LEG}`;
    expect([countGets(calls, legPath), countGets(calls, `${legPath}/messages`)], 'gone for good').toEqual([
      1, 1,
    ]);
  });

  it('gives a leg being written a minute before saying it was not found, and shows it if it turns up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let known = false;
    const pending = { errorMessage: 'Still being recorded', code: 'NOT_FOUND', details: { pending: true } };
    setup({
      [`GET /api/ecs/transactions/${LEG}`]: () =>
        known ? jsonResponse(200, legResponse(LEG)) : jsonResponse(404, pending),
      [`GET /api/ecs/transactions/${LEG}/messages`]: () =>
        known ? jsonResponse(200, { messages }) : jsonResponse(404, pending),
    });
    renderRoutes(routes, { path: LEG_PATH });
    expect(await screen.findByRole('status')).toHaveTextContent('These messages are still on their way');
    await act(() => vi.advanceTimersByTimeAsync(TRACE_NOT_FOUND_AFTER_MS - 1_000));
    expect(screen.getByRole('status')).toHaveTextContent('These messages are still on their way');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('status')).toHaveTextContent(
      'No transaction with this ID was found. Check the link, or find the transaction by its reference on the Transactions page.',
    );

    known = true;
    await act(() => vi.advanceTimersByTimeAsync(TRACE_REFRESH_MS));
    expect(await screen.findByRole('table', { name: 'Leg summary' })).toBeInTheDocument();
  });
});
