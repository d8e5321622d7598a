import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReconTransaction } from '@web-control/contract/finance';
import type { Action, ActionFile, ActionReview } from '@web-control/contract/finance-actions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { REVIEW_REFRESH_MS } from '../../../shared/live/use-live-query';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { AMOUNT_FIELD, keyField, processSummary } from '../finance-fixtures';
import { FINANCE_MESSAGES } from '../messages';
import { signInWith } from '../../../test/session';
import { ApprovalDetailPage, ProcessAreaPage } from '../process-area/process-area-page';

const routes = [
  { path: '/dashboard/finance/processes/:processId/*', element: <ProcessAreaPage /> },
  { path: '/dashboard/finance/processes/:processId/approvals/:actionId', element: <ApprovalDetailPage /> },
];
const ACTION_ID = '6f1d2c1e-0000-4000-8000-000000000002';
const DETAIL = `/dashboard/finance/processes/1/approvals/${ACTION_ID}`;
const LIST = '/dashboard/finance/processes/1/approvals';
const APPROVER = ['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS'];

function action(overrides: Partial<Action> = {}): Action {
  return {
    id: ACTION_ID,
    processId: 1,
    processName: 'Card Recon',
    type: 'ROLLBACK_FILE',
    username: 'operator',
    comment: 'Wrong day',
    createdDate: '2026-02-03T14:05:00.000Z',
    meta: { selectionType: null, requestUrl: null, records: 2, transactionCount: null, fileName: 'bank.csv' },
    ...overrides,
  };
}

function transaction(id: string, score: number, amounts: [string, string]): ReconTransaction {
  return {
    id,
    createdDateTime: '2026-02-03T14:05:00.000Z',
    matchStatus: 'MATCHED',
    settlementStatus: 'PENDING',
    score,
    records: [
      { type: 'PRIMARY', partyId: 1, fields: { rrn: `R${id}`, amount: amounts[0] } },
      { type: 'PRIMARY', partyId: 2, fields: { rrn: `R${id}`, amount: amounts[1] } },
    ],
  };
}

/** The file of a file action as the platform describes it, loaded unless told otherwise. */
function actionFile(overrides: Partial<ActionFile> = {}): ActionFile {
  return {
    id: 12,
    processId: 1,
    fileName: 'bank.csv',
    partyName: 'Bank',
    createdDateTime: '2026-02-03T13:00:00.000Z',
    status: 'LOADED',
    records: 2,
    exceptions: 0,
    errorReason: null,
    progress: null,
    sizeBytes: 2048,
    recordsTotal: 2,
    ...overrides,
  };
}

function fileRows() {
  const table = screen.getByRole('table', { name: 'File' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [row.children[0]?.textContent, row.children[1]?.textContent]);
}

const PENDING: ActionReview = { status: 'pending', reviewerUsername: null, reviewedDate: null };

function routesWith(
  detail: Action,
  overrides: Routes = {},
  file: ActionFile | null = null,
  review: ActionReview = PENDING,
): Routes {
  return {
    'GET /api/recon/processes/1': () =>
      jsonResponse(
        200,
        processSummary({
          fields: [keyField('rrn', 'RRN'), AMOUNT_FIELD],
        }),
      ),
    'GET /api/recon/actions': () =>
      jsonResponse(200, { actions: [], paginationInfo: { nextPage: null, range: '0-0', totalRecords: 0 } }),
    [`GET /api/recon/processes/1/actions/${ACTION_ID}/metadata`]: () =>
      jsonResponse(200, { ...detail.meta, action: detail, file, review }),
    [`GET /api/recon/processes/1/actions/${ACTION_ID}/transactions`]: () =>
      jsonResponse(200, {
        transactions: [transaction('7', 100, ['100', '100']), transaction('8', 50, ['200', '300'])],
        paginationInfo: { nextPage: null, range: '1-2', totalRecords: 2 },
      }),
    [`POST /api/recon/actions/${ACTION_ID}/approve`]: () => new Response(null, { status: 204 }),
    ...overrides,
  };
}

describe('approval detail', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('shows the action in a warning box and its transactions read-only, loaded separately', async () => {
    const fetch = stubFetch(routesWith(action(), {}, actionFile()));
    signInWith(APPROVER, 'approver');
    renderRoutes(routes, { path: DETAIL });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Rollback file bank.csv');
    expect(note).toHaveTextContent('"Wrong day"');
    expect(note).toHaveTextContent(/Requested by operator on 03\/02\/2026 \d{2}:\d{2}/);
    expect(within(note).queryByText('Filters')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Approvals', selected: true })).toBeInTheDocument();
    expect(fileRows()).toEqual([
      ['File', 'bank.csv'],
      ['Party', 'Bank'],
      ['Uploaded', expect.stringMatching(/^03\/02\/2026 \d{2}:\d{2}$/)],
      ['Size', '2.0 kB'],
      ['Records in the file', '2'],
      ['Status', 'LOADED'],
      ['Loaded', '2 records, 0 exceptions'],
    ]);

    const table = await screen.findByRole('table', { name: 'Transactions of the action' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Matched', 'Score', 'Party', 'RRN', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['7', 'Matched', '100%', 'Bank, Switch', 'R7', 'R\u00a01.00'],
      ['8', 'Partially matched', '50%', 'Bank, Switch', 'R8', 'R\u00a02.00 (Bank) / R\u00a03.00 (Switch)'],
    ]);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(fetch.requests(`/api/recon/processes/1/actions/${ACTION_ID}/metadata`)).toHaveLength(1);
    expect(fetch.requests(`/api/recon/processes/1/actions/${ACTION_ID}/transactions`)[0]?.search).toBe(
      '?offset=0&limit=25',
    );
  });

  it('shows an upload waiting for approval by its file, which has no transactions yet', async () => {
    const fetch = stubFetch(
      routesWith(
        action({
          type: 'LOAD_FILE',
          meta: {
            selectionType: null,
            requestUrl: null,
            records: null,
            transactionCount: null,
            fileName: 'bank.csv',
          },
        }),
        {},
        actionFile({
          status: 'REGISTERED',
          records: null,
          exceptions: null,
          sizeBytes: 35_123_456,
          recordsTotal: 1_000_000,
        }),
      ),
    );
    signInWith(APPROVER, 'approver');
    renderRoutes(routes, { path: DETAIL });
    expect(await screen.findByRole('note')).toHaveTextContent('Load file bank.csv');
    expect(
      await screen.findByText(
        'Its records are read when the load is approved; the Inbox shows the progress.',
      ),
    ).toBeInTheDocument();
    expect(fileRows()).toEqual([
      ['File', 'bank.csv'],
      ['Party', 'Bank'],
      ['Uploaded', expect.stringMatching(/^03\/02\/2026 \d{2}:\d{2}$/)],
      ['Size', '35.1 MB'],
      ['Records in the file', '1\u00a0000\u00a0000'],
      ['Status', 'REGISTERED'],
    ]);
    expect(screen.queryByRole('table', { name: 'Transactions of the action' })).toBeNull();
    expect(screen.queryByText('No transactions match your query.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(fetch.requests(`/api/recon/processes/1/actions/${ACTION_ID}/metadata`)).toHaveLength(1);
  });

  it('shows the settlement column with RECON_SETTLEMENT, and a by-filter request’s filters', async () => {
    stubFetch(
      routesWith(
        action({
          type: 'ACCEPT_TRANSACTIONS',
          meta: {
            selectionType: 'FILTER',
            requestUrl:
              '/api/recon/processes/1/actions/acceptTransactionsByFilter?matchStatus=UNMATCHED&settlementStatus=ISSUE&f.amount.GREATER_THAN=20000&offset=0&limit=25',
            records: null,
            transactionCount: 2,
            fileName: null,
          },
        }),
      ),
    );
    signInWith([...APPROVER, 'RECON_SETTLEMENT'], 'approver');
    renderRoutes(routes, { path: DETAIL });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Accept 2 transactions');
    expect(
      within(within(note).getByRole('list', { name: 'Filters' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: Unmatched', 'Amount more than R\u00a0200.00']);
    const table = await screen.findByRole('table', { name: 'Transactions of the action' });
    expect(within(table).getByRole('columnheader', { name: 'Settlement' })).toBeInTheDocument();
    expect(within(table).getAllByText('Pending')).toHaveLength(2);
  });

  it('says which party a resolve marks correct', async () => {
    stubFetch(
      routesWith(
        action({
          type: 'RESOLVE_TRANSACTIONS',
          meta: {
            selectionType: 'BY_KEY',
            requestUrl: '/api/recon/processes/1/actions/resolveTransactionsByKey',
            records: null,
            transactionCount: 2,
            fileName: null,
            partyName: 'Bank',
          },
        }),
      ),
    );
    signInWith(APPROVER, 'approver');
    renderRoutes(routes, { path: DETAIL });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Resolve 2 transactions');
    expect(within(note).getByText('Party marked correct: Bank')).toBeVisible();
  });

  it('approves with the required comment and returns to the approvals list', async () => {
    const fetch = stubFetch(routesWith(action()));
    signInWith(APPROVER, 'approver');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: DETAIL });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    expect(
      await within(dialog).findByText(
        'Are you sure you want to approve operator\'s request to Rollback file bank.csv? Reason: "Wrong day"',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Comment (required)')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Action reviewed successfully')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/recon/actions/${ACTION_ID}/approve`,
      body: { comment: 'Confirmed' },
    });
    expect(await screen.findByText(FINANCE_MESSAGES.approvalsEmpty)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIST);
  });

  it('returns to the list once a request someone else decided meanwhile is refused, with the platform’s reason', async () => {
    const fetch = stubFetch(
      routesWith(action(), {
        [`POST /api/recon/actions/${ACTION_ID}/approve`]: () =>
          jsonResponse(409, { errorMessage: 'This request has already been approved.', code: 'CONFLICT' }),
      }),
    );
    signInWith(APPROVER, 'approver');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: DETAIL });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('This request has already been approved.')).toBeInTheDocument();
    expect(router.state.location.pathname, 'the refusal is read first').toBe(DETAIL);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(FINANCE_MESSAGES.approvalsEmpty)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIST);
    expect(fetch.requests('/api/recon/actions').length, 'the list asked again').toBeGreaterThan(0);
  });

  it('offers no review of your own request, nor without APPROVE_ACTIONS; Back returns to the list', async () => {
    stubFetch(routesWith(action()));
    signInWith(APPROVER, 'operator');
    const user = userEvent.setup();
    const first = renderRoutes(routes, { path: DETAIL });
    await screen.findByRole('note');
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(
      screen.getByText('This request includes changes you made, so another user must approve or reject it.'),
    ).toBeInTheDocument();
    first.unmount();

    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS'], 'someone');
    const { router } = renderRoutes(routes, { path: DETAIL });
    await screen.findByRole('note');
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(FINANCE_MESSAGES.approvalsEmpty)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIST);
  });

  it('opens the Oops! modal when the approval cannot be retrieved; its Back returns to the list', async () => {
    stubFetch(
      routesWith(action(), {
        [`GET /api/recon/processes/1/actions/${ACTION_ID}/metadata`]: () =>
          jsonResponse(404, { errorMessage: 'This action does not exist.', code: 'NOT_FOUND' }),
      }),
    );
    signInWith(APPROVER, 'approver');
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: DETAIL });
    const dialog = await screen.findByRole('dialog', { name: 'Oops!' });
    expect(
      await within(dialog).findByText(
        'Something went wrong while retrieving this approval. Contact support if the problem persists.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(await screen.findByText(FINANCE_MESSAGES.approvalsEmpty)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(LIST);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says who reviewed an action already decided, and offers no Approve or Reject', async () => {
    stubFetch(
      routesWith(action(), {}, null, {
        status: 'approved',
        reviewerUsername: 'finance-approver',
        reviewedDate: '2026-02-03T10:15:00.000Z',
      }),
    );
    signInWith(APPROVER, 'approver');
    renderRoutes(routes, { path: DETAIL });
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^This request was approved by finance-approver on 03\/02\/2026 \d{2}:15: there is nothing left to review\.$/,
    );
    expect(screen.getByRole('note')).toHaveTextContent('Rollback file bank.csv');
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('says so once another approver decides the request while it is open, and keeps it through a failed refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let answer: 'pending' | 'down' | 'rejected' = 'pending';
      stubFetch(
        routesWith(action(), {
          [`GET /api/recon/processes/1/actions/${ACTION_ID}/metadata`]: () =>
            answer === 'down'
              ? jsonResponse(503, { errorMessage: 'down', code: 'UNAVAILABLE' })
              : jsonResponse(200, {
                  ...action().meta,
                  action: action(),
                  file: null,
                  review:
                    answer === 'pending'
                      ? PENDING
                      : {
                          status: 'rejected',
                          reviewerUsername: 'admin',
                          reviewedDate: '2026-02-03T10:15:00.000Z',
                        },
                }),
        }),
      );
      signInWith(APPROVER, 'approver');
      renderRoutes(routes, { path: DETAIL });
      expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();

      answer = 'down';
      // One refresh fails; the request is still pending, so the next is asked 30 s later.
      await act(() => vi.advanceTimersByTimeAsync(REVIEW_REFRESH_MS + 10_000));
      expect(screen.queryByRole('dialog'), 'a failed refresh is not the Oops! of a failed load').toBeNull();
      expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();

      answer = 'rejected';
      await act(() => vi.advanceTimersByTimeAsync(REVIEW_REFRESH_MS));
      expect(await screen.findByRole('status')).toHaveTextContent(
        /^This request was rejected by admin on .*: there is nothing left to review\.$/,
      );
      expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a rejected action was rejected', async () => {
    stubFetch(
      routesWith(action(), {}, null, {
        status: 'rejected',
        reviewerUsername: 'finance-approver',
        reviewedDate: '2026-02-03T10:15:00.000Z',
      }),
    );
    signInWith(APPROVER, 'approver');
    renderRoutes(routes, { path: DETAIL });
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^This request was rejected by finance-approver on /,
    );
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });
});
