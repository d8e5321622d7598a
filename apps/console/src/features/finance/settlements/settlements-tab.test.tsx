import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettlementRun } from '@web-control/contract/finance-settlements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { pickDay } from '../../../test/pick-date';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { signInWith } from '../../../test/session';
import { SettlementsTab } from './settlements-tab';

const OPEN: SettlementRun = {
  id: 8,
  processId: 1,
  status: 'OPEN',
  startDate: '2026-02-03T00:00:05.000Z',
  endDate: null,
  transactionCount: 4,
};
const CLOSED: SettlementRun = {
  id: 7,
  processId: 1,
  status: 'CLOSED',
  startDate: '2026-02-02T00:00:05.000Z',
  endDate: '2026-02-02T23:59:59.000Z',
  transactionCount: 12,
};

function runsBody(runs: SettlementRun[]) {
  return {
    settlementRuns: runs,
    paginationInfo: { nextPage: null, range: '1-2', totalRecords: runs.length },
  };
}

function waitingBody(transactionCount: number, todaysRun: { id: number; status: 'OPEN' | 'CLOSED' } | null) {
  return { transactionCount, todaysRun, nextRunFrom: '2026-02-04T00:00:00.000Z' };
}

const baseRoutes: Routes = {
  'GET /api/recon/settlements': () => jsonResponse(200, runsBody([OPEN, CLOSED])),
  'GET /api/recon/settlements/waiting': () => jsonResponse(200, waitingBody(0, { id: 8, status: 'OPEN' })),
  'GET /api/recon/settlements/7': () =>
    jsonResponse(200, {
      settlementRun: CLOSED,
      aggregates: [
        { name: 'Bank', currency: 'ZAR', amount: 1234.5, transactionCount: 12 },
        { name: 'Total', currency: 'ZAR', amount: 2469, transactionCount: 12 },
      ],
    }),
};

function renderTab() {
  return renderRoutes([{ path: '/s', element: <SettlementsTab processId={1} /> }], { path: '/s' });
}

// Mantine's accordion and the 400 ms wait take seconds on a busy 2-core machine.
describe('settlements', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 1, 3, 15, 30) });
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT']);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetAccountForTests();
    clearModalsForTests();
  });

  it('lists today’s runs with their status, dates, report link and aggregate totals', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetch = stubFetch(baseRoutes);
    renderTab();
    const open = await screen.findByRole('button', { name: 'Settlement 8' });
    const asked = fetch.requests('/api/recon/settlements')[0];
    expect(asked?.searchParams.get('processId')).toBe('1');
    expect(asked?.searchParams.get('fromDateTimeInclusive')).toBe(new Date(2026, 1, 3).toISOString());
    expect(asked?.searchParams.get('toDateTimeInclusive')).toBe(
      new Date(2026, 1, 3, 23, 59, 59, 999).toISOString(),
    );
    expect(asked?.searchParams.get('limit')).toBe('25');
    expect(open).toHaveTextContent('OPEN');
    expect(open).toHaveTextContent('End: TBD');
    expect(open).toHaveTextContent(/Start: \d\d\/\d\d\/2026 \d\d:\d\d:05/);
    expect(screen.queryByRole('button', { name: 'Download report of Settlement 8' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download report of Settlement 7' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Close run/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Settlement 7' }));
    expect(await screen.findByText('Aggregate totals:')).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'Settlement 7 totals' });
    expect(within(totals).getByRole('rowheader', { name: 'Bank' }).closest('tr')).toHaveTextContent(
      'R 1 234.50',
    );
    expect(within(totals).getByRole('rowheader', { name: 'Total' }).closest('tr')).toHaveTextContent(
      'R 2 469.00',
    );
  });

  it('Refresh shows the runs as they are now, someone else’s close included, and after midnight the new day’s', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let runs = [OPEN, CLOSED];
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements': () => jsonResponse(200, runsBody(runs)),
    });
    renderTab();
    expect(await screen.findByRole('button', { name: 'Settlement 8' })).toHaveTextContent('OPEN');
    const waitingAsked = fetch.requests('/api/recon/settlements/waiting').length;
    runs = [{ ...OPEN, status: 'CLOSED', endDate: '2026-02-03T23:59:59.000Z' }, CLOSED];
    vi.setSystemTime(new Date(2026, 1, 4, 0, 5));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Settlement 8' })).toHaveTextContent('CLOSED'),
    );
    expect(fetch.requests('/api/recon/settlements/waiting').length).toBeGreaterThan(waitingAsked);
    expect(fetch.requests('/api/recon/settlements').at(-1)?.searchParams.get('fromDateTimeInclusive')).toBe(
      new Date(2026, 1, 4).toISOString(),
    );
  });

  it('says a closed run without totals settled no transactions, and an open run gets them on closing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubFetch({
      'GET /api/recon/settlements': () =>
        jsonResponse(200, runsBody([OPEN, { ...CLOSED, transactionCount: 0 }])),
      'GET /api/recon/settlements/7': () =>
        jsonResponse(200, { settlementRun: { ...CLOSED, transactionCount: 0 }, aggregates: [] }),
      'GET /api/recon/settlements/8': () => jsonResponse(200, { settlementRun: OPEN, aggregates: [] }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Settlement 7' }));
    expect(
      await screen.findByText('This run settled no transactions, so it has no totals.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Totals are computed when the run closes.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Settlement 8' }));
    expect(await screen.findByText('Totals are computed when the run closes.')).toBeInTheDocument();
  });

  it('lets a numeric settlement id replace the other filters, after the 400 ms wait, and Clear them', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetch = stubFetch(baseRoutes);
    renderTab();
    await screen.findByRole('button', { name: 'Settlement 8' });
    await user.type(screen.getByRole('textbox', { name: 'Settlement ID' }), '7');
    expect(fetch.requests('/api/recon/settlements/7')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Settlement 8' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Settlement 7' })).toBeInTheDocument();
    expect(fetch.requests('/api/recon/settlements/7')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Settlement ID' })).toHaveAccessibleDescription(
      'Shows this run alone: From and To are not used while it is set.',
    );
    expect(screen.getByRole('button', { name: 'From' }), 'the id replaces the dates').toBeDisabled();
    expect(screen.getByRole('button', { name: 'To' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Settlement ID' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'From' })).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Settlement 8' })).toBeInTheDocument();
  });

  it('finds no run of another process by its id, and refuses an id that is no whole number', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements/11': () =>
        jsonResponse(200, { settlementRun: { ...CLOSED, id: 11, processId: 2 }, aggregates: [] }),
    });
    renderTab();
    await screen.findByRole('button', { name: 'Settlement 8' });
    const id = screen.getByRole('textbox', { name: 'Settlement ID' });
    await user.type(id, '11');
    expect(await screen.findByText('No settlements found. Try adjusting your filters.')).toBeInTheDocument();
    expect(fetch.requests('/api/recon/settlements/11')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Settlement 11' })).toBeNull();

    await user.clear(id);
    await user.type(id, '-5');
    expect(id).toHaveValue('-5');
    expect(id).toHaveAccessibleDescription(
      'A settlement ID is a whole number from 1 to 2\u00a0147\u00a0483\u00a0647, such as 42',
    );
    expect(
      await screen.findByText('Correct or clear the Settlement ID to see settlements.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(fetch.requests('/api/recon/settlements/5')).toHaveLength(0);
  });

  it('waits for a card number typed as the Settlement ID to be cleared, without listing the day’s runs', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubFetch(baseRoutes);
    renderTab();
    await screen.findByRole('button', { name: 'Settlement 8' });
    await user.type(screen.getByRole('textbox', { name: 'Settlement ID' }), '4111111111111111');
    expect(
      await screen.findByText('Correct or clear the Settlement ID to see settlements.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settlement 8' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says at To that it cannot be before From, and waits for the dates to be corrected', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetch = stubFetch(baseRoutes);
    renderTab();
    await screen.findByRole('button', { name: 'Settlement 8' });
    const asked = fetch.requests('/api/recon/settlements').length;
    await pickDay(user, 'To', '1 February 2026');
    expect(await screen.findByText('Correct the dates to see settlements.')).toBeInTheDocument();
    expect(screen.getByText('To cannot be before From')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settlement 8' })).toBeNull();
    expect(fetch.requests('/api/recon/settlements')).toHaveLength(asked);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('button', { name: 'Settlement 8' })).toBeInTheDocument();
  });

  it('says when there are no runs, when the list fails and when the totals fail', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    let list = () => jsonResponse(200, runsBody([]));
    stubFetch({
      'GET /api/recon/settlements': () => list(),
      'GET /api/recon/settlements/7': () => jsonResponse(500, {}),
    });
    renderTab();
    expect(await screen.findByText('No settlements found. Try adjusting your filters.')).toBeInTheDocument();
    list = () => jsonResponse(500, {});
    await pickDay(user, 'From', '1 February 2026');
    expect(
      await screen.findByText(
        "Could not retrieve settlements. Please try again or contact the provider's support.",
      ),
    ).toBeInTheDocument();
    list = () => jsonResponse(200, runsBody([CLOSED]));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(await screen.findByRole('button', { name: 'Settlement 7' }));
    expect(
      await screen.findByText('Could not retrieve settlement aggregates. Please try again.'),
    ).toBeInTheDocument();
  });

  it('closes an open run for FINALISE_SETTLEMENTS holders after confirmation, with an Idempotency-Key', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT', 'FINALISE_SETTLEMENTS']);
    const fetch = stubFetch({
      ...baseRoutes,
      'POST /api/recon/settlements/8/close': () =>
        jsonResponse(200, { settlementRun: { ...OPEN, status: 'CLOSED' } }),
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Close run Settlement 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    expect(dialog).toHaveTextContent('Close settlement 8?');
    await user.click(within(dialog).getByRole('button', { name: 'Close run' }));
    expect(await screen.findByText('Settlement 8 closed successfully')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    const post = fetch.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a run someone else closed meanwhile as it is now, with the platform’s reason', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT', 'FINALISE_SETTLEMENTS']);
    let closed = false;
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements': () =>
        jsonResponse(200, runsBody(closed ? [{ ...OPEN, status: 'CLOSED' }, CLOSED] : [OPEN, CLOSED])),
      'POST /api/recon/settlements/8/close': () => {
        closed = true;
        return jsonResponse(409, {
          errorMessage: 'This settlement run is already closed.',
          code: 'CONFLICT',
        });
      },
    });
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Close run Settlement 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close run' }));
    expect(
      await screen.findByText('Failed to close settlement 8: This settlement run is already closed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Close run Settlement 8' })).toBeNull());
  });

  it('says which run the matched transactions waiting in no run join, once today’s run is closed too', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT', 'FINALISE_SETTLEMENTS']);
    let closed = false;
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements': () =>
        jsonResponse(200, runsBody(closed ? [{ ...OPEN, status: 'CLOSED' }, CLOSED] : [OPEN, CLOSED])),
      // Two wait to join the open run; after its close, a third matched meanwhile waits for the next.
      'GET /api/recon/settlements/waiting': () =>
        jsonResponse(
          200,
          closed
            ? waitingBody(1_203, { id: 8, status: 'CLOSED' })
            : waitingBody(2, { id: 8, status: 'OPEN' }),
        ),
      'POST /api/recon/settlements/8/close': () => {
        closed = true;
        return jsonResponse(200, { settlementRun: { ...OPEN, status: 'CLOSED' } });
      },
    });
    renderTab();
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '2 matched transactions wait to join Settlement 8: the settlement job adds them within 5 minutes, and closing the run adds them first.',
      ),
    );
    expect(fetch.requests('/api/recon/settlements/waiting')[0]?.searchParams.get('processId')).toBe('1');
    await user.click(await screen.findByRole('button', { name: 'Close run Settlement 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close run' }));
    // The next run opens at the next UTC midnight, said in local time (the tests run in UTC); the
    // count's group separator is a no-break space, which the matcher reads as a space.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        "1 203 matched transactions wait for the next run: today's run, Settlement 8, is closed. The next run opens at 04/02/2026 00:00.",
      ),
    );
  });

  it('says what waits before today’s run opens, and that the count failed when it did', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements/waiting': () => jsonResponse(200, waitingBody(1, null)),
    });
    const first = renderTab();
    expect(
      await screen.findByText(
        "1 matched transaction waits to settle: the settlement job opens today's run and adds it within 5 minutes.",
      ),
    ).toBeInTheDocument();
    first.unmount();

    stubFetch({
      ...baseRoutes,
      'GET /api/recon/settlements/waiting': () => jsonResponse(500, { errorMessage: 'boom' }),
    });
    renderTab();
    expect(
      await screen.findByText('Could not count the matched transactions waiting to settle.'),
    ).toBeInTheDocument();
  });
});
