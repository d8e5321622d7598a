import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Action } from '@web-control/contract/finance-actions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { processSummary } from '../finance-fixtures';
import { signInWith } from '../../../test/session';
import { ProcessAreaPage } from '../process-area/process-area-page';

const routes = [{ path: '/dashboard/finance/processes/:processId/*', element: <ProcessAreaPage /> }];
const APPROVALS = '/dashboard/finance/processes/1/approvals';
const LOAD_ID = '6f1d2c1e-0000-4000-8000-000000000001';
const ROLLBACK_ID = '6f1d2c1e-0000-4000-8000-000000000002';
const RESOLVE_ID = '6f1d2c1e-0000-4000-8000-000000000003';

function action(overrides: Partial<Action>): Action {
  return {
    id: LOAD_ID,
    processId: 1,
    processName: 'Card Recon',
    type: 'LOAD_FILE',
    username: 'operator',
    comment: 'Daily file',
    createdDate: '2026-02-03T14:05:00.000Z',
    meta: {
      selectionType: null,
      requestUrl: null,
      records: null,
      transactionCount: null,
      fileName: 'bank.csv',
    },
    ...overrides,
  };
}

const ACTIONS = [
  action({}),
  action({
    id: ROLLBACK_ID,
    type: 'ROLLBACK_FILE',
    username: 'approver',
    meta: {
      // The platform names no selection type for a file's action.
      selectionType: null,
      requestUrl: null,
      records: 1500,
      transactionCount: null,
      fileName: 'old.csv',
    },
  }),
  action({
    id: RESOLVE_ID,
    type: 'RESOLVE_TRANSACTIONS',
    meta: {
      selectionType: 'BY_KEY',
      requestUrl: '/api/recon/processes/1/actions/resolveTransactionsByKey',
      records: null,
      transactionCount: 3,
      fileName: null,
      partyName: 'Switch',
    },
  }),
];

const baseRoutes: Routes = {
  'GET /api/recon/processes/1': () => jsonResponse(200, processSummary()),
  'GET /api/recon/actions': () =>
    jsonResponse(200, {
      actions: ACTIONS,
      paginationInfo: { nextPage: null, range: '1-2', totalRecords: 2 },
    }),
  [`POST /api/recon/actions/${LOAD_ID}/approve`]: () => new Response(null, { status: 204 }),
  [`POST /api/recon/actions/${LOAD_ID}/reject`]: () =>
    jsonResponse(409, { errorMessage: 'The action is no longer pending.', code: 'CONFLICT' }),
};

describe('approvals tab', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('lists pending actions 10 a page with their sentences and pills, review buttons only on others’ requests', async () => {
    const fetch = stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS'], 'approver');
    renderRoutes(routes, { path: APPROVALS });
    const load = await screen.findByRole('article', { name: 'Load file bank.csv' });
    expect(
      fetch
        .requests('/api/recon/actions')
        .some((url) => url.search === '?status=pending&processIds=1&offset=0&limit=10'),
    ).toBe(true);
    expect(within(load).getByText('Card Recon')).toBeInTheDocument();
    expect(within(load).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(load).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const rollback = screen.getByRole('article', { name: 'Rollback file old.csv' });
    expect(within(rollback).getByText('1.5k records')).toBeInTheDocument();
    expect(within(rollback).queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
    expect(
      within(rollback).getByText(
        'This request includes changes you made, so another user must approve or reject it.',
      ),
    ).toBeInTheDocument();
    expect(
      within(load).queryByText(
        'This request includes changes you made, so another user must approve or reject it.',
      ),
    ).toBeNull();
    expect(within(rollback).getByRole('link', { name: 'Rollback file old.csv' })).toHaveAttribute(
      'href',
      `/dashboard/finance/processes/1/approvals/${ROLLBACK_ID}`,
    );
    expect(
      within(load).getByRole('link', { name: 'Load file bank.csv' }),
      'a file waiting to load shows its file',
    ).toHaveAttribute('href', `/dashboard/finance/processes/1/approvals/${LOAD_ID}`);
    const resolve = screen.getByRole('article', { name: 'Resolve 3 transactions' });
    expect(within(resolve).getByText('Party marked correct: Switch')).toBeInTheDocument();
    expect(within(resolve).getByText('Chosen transactions'), 'the selection type pill').toBeInTheDocument();
    expect(within(load).queryByText(/Party marked correct/)).toBeNull();
  });

  it('shows no review buttons without APPROVE_ACTIONS', async () => {
    stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS'], 'someone');
    renderRoutes(routes, { path: APPROVALS });
    await screen.findByRole('article', { name: 'Load file bank.csv' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('approves with a required comment, toasts and reloads the list', async () => {
    const fetch = stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS'], 'approver');
    const user = userEvent.setup();
    renderRoutes(routes, { path: APPROVALS });
    const load = await screen.findByRole('article', { name: 'Load file bank.csv' });
    await user.click(within(load).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    expect(
      await within(dialog).findByText(
        'Are you sure you want to approve operator\'s request to Load file bank.csv? Reason: "Daily file"',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    const listed = fetch.requests('/api/recon/actions').length;
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Action reviewed successfully')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/recon/actions/${LOAD_ID}/approve`,
      body: { comment: 'Checked' },
    });
    await waitFor(() => expect(fetch.requests('/api/recon/actions').length).toBeGreaterThan(listed));
  });

  it('sends nothing when the modal is cancelled, and toasts a refused review', async () => {
    const fetch = stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS'], 'approver');
    const user = userEvent.setup();
    renderRoutes(routes, { path: APPROVALS });
    const load = await screen.findByRole('article', { name: 'Load file bank.csv' });
    await user.click(within(load).getByRole('button', { name: 'Reject' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(within(load).getByRole('button', { name: 'Reject' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject' });
    await user.type(await within(dialog).findByPlaceholderText('Comment (required)'), 'Wrong file');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText(
        'Something went wrong while reviewing the action: The action is no longer pending.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the empty text and the load failure', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/actions': () =>
        jsonResponse(200, { actions: [], paginationInfo: { nextPage: null, range: '0-0', totalRecords: 0 } }),
    });
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS'], 'someone');
    const first = renderRoutes(routes, { path: APPROVALS });
    expect(await screen.findByText('There are no pending approvals')).toBeInTheDocument();
    first.unmount();
    stubFetch({ ...baseRoutes, 'GET /api/recon/actions': () => jsonResponse(502, 'Bad gateway') });
    renderRoutes(routes, { path: APPROVALS });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to retrieve Approvals data');
  });
});
