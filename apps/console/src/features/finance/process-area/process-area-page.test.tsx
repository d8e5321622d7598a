import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { rememberServedHeading } from '../../../shared/screens/served-heading';
import { jsonResponse, routeFetch, settle, stubFetch, type Routes } from '../../../test/fetch';
import { INBOX_REFRESH_MS } from '../api/get-inbox-files';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { processSummary, reconFile } from '../finance-fixtures';
import { signInWith } from '../../../test/session';
import { ProcessAreaPage } from './process-area-page';

const routes = [
  { path: '/dashboard/finance/processes', element: <p>Process list</p> },
  { path: '/dashboard/finance/processes/:processId/*', element: <ProcessAreaPage /> },
];
const INBOX = '/dashboard/finance/processes/1/inbox';
const LOAD_FAILED_REASON = 'The file could not be loaded: canceling statement due to statement timeout';
const ALL_FILE_PERMISSIONS = [
  'VIEW_PROCESSES',
  'DOWNLOAD_INBOX_FILES',
  'RECON_ROLLBACK_FILE',
  'RECON_RELOAD_FILE',
];

function paging(totalRecords: number) {
  return { nextPage: null, range: '', totalRecords };
}

const baseRoutes: Routes = {
  'GET /api/recon/processes/1': () => jsonResponse(200, processSummary()),
  'GET /api/recon/actions': () => jsonResponse(200, { actions: [], paginationInfo: paging(3) }),
  'GET /api/recon/files': () =>
    jsonResponse(200, {
      reconFiles: [
        reconFile(),
        reconFile({
          id: 11,
          fileName: 'switch-bad.csv',
          partyName: 'Switch',
          status: 'ERROR',
          records: null,
          exceptions: null,
          errorReason: LOAD_FAILED_REASON,
        }),
        reconFile({ id: 12, fileName: 'bank-new.csv', status: 'REGISTERED', records: 0, exceptions: 0 }),
      ],
      paginationInfo: paging(3),
    }),
};

async function rowOf(fileName: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Inbox' });
  const row = within(table).getByRole('rowheader', { name: fileName }).closest('tr');
  if (!row) throw new Error(`No row for ${fileName}`);
  return row;
}

describe('process area', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
    rememberServedHeading(document.createElement('div'));
  });

  it('shows the display name and the tabs the permissions allow, the badge only to approvers', async () => {
    stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES']);
    const first = renderRoutes(routes, { path: INBOX });
    expect(await screen.findByRole('heading', { name: 'Card Recon' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'Recon', 'Outbox']);
    first.unmount();

    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS', 'RECON_SETTLEMENT']);
    const second = renderRoutes(routes, { path: INBOX });
    await screen.findByRole('heading', { name: 'Card Recon' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Inbox',
      'Recon',
      'Approvals',
      'Settlement',
      'Outbox',
    ]);
    expect(screen.queryByLabelText('3 pending')).toBeNull();
    second.unmount();

    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS', 'APPROVE_ACTIONS']);
    const { router } = renderRoutes(routes, { path: INBOX });
    expect(await screen.findByLabelText('3 pending')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: /Approvals/ }));
    expect(router.state.location.pathname).toBe('/dashboard/finance/processes/1/approvals');
  });

  it('keeps the heading the page was served with while the process loads, on that page only', async () => {
    const served = document.createElement('div');
    served.innerHTML = '<div data-shell><main><h1>Card Recon</h1></main></div>';
    rememberServedHeading(served, INBOX);
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = routeFetch(baseRoutes);
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      input.endsWith('/api/recon/processes/1')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : fetchMock(input, init),
    );
    signInWith(['VIEW_PROCESSES']);
    const first = renderRoutes(routes, { path: INBOX });
    expect(await screen.findByRole('progressbar', { name: 'Loading process' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Card Recon' })).toBeInTheDocument();
    answer(jsonResponse(200, processSummary()));
    expect(await screen.findByRole('tab', { name: 'Inbox' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Card Recon',
    ]);
    first.unmount();

    renderRoutes(routes, { path: '/dashboard/finance/processes/1/results' });
    expect(await screen.findByRole('progressbar', { name: 'Loading process' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 }), 'another page than the one served').toBeNull();
  });

  it("says 'No process found' for an id no process can have, without asking", async () => {
    const fetch = stubFetch({});
    signInWith(['VIEW_PROCESSES']);
    renderRoutes(routes, { path: '/dashboard/finance/processes/abc/inbox' });
    expect(await screen.findByRole('status')).toHaveTextContent('No process found');
    expect(fetch.calls).toHaveLength(0);
  });

  it('opens the catalogue’s modal by the error code; an unknown process says so in place, another failure goes to the list', async () => {
    stubFetch({
      'GET /api/recon/processes/9': () =>
        jsonResponse(404, { errorMessage: 'No process found', code: 'NO_PROCESS_FOUND' }),
      'GET /api/recon/processes/8': () => jsonResponse(500, { errorMessage: 'x', code: 'INTERNAL_ERROR' }),
    });
    signInWith(['VIEW_PROCESSES']);
    const user = userEvent.setup();
    const first = renderRoutes(routes, { path: '/dashboard/finance/processes/9/inbox' });
    let dialog = await screen.findByRole('dialog', { name: 'Process not found' });
    expect(await within(dialog).findByText('Please try again or contact support')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('No process found');
    expect(first.router.state.location.pathname).toBe('/dashboard/finance/processes/9/inbox');
    first.unmount();

    const second = renderRoutes(routes, { path: '/dashboard/finance/processes/8/inbox' });
    dialog = await screen.findByRole('dialog', { name: 'Unable to get process' });
    expect(
      await within(dialog).findByText(
        'Something went wrong while fetching the process. Please try again or contact support',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Process list')).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/dashboard/finance/processes');
  });

  it('lists the inbox 15 a page with its formats and the actions permission and status allow', async () => {
    const fetch = stubFetch(baseRoutes);
    signInWith(ALL_FILE_PERMISSIONS);
    renderRoutes(routes, { path: INBOX });
    const loaded = await rowOf('bank-20260203.csv');
    expect(fetch.requests('/api/recon/files')[0]?.search).toBe('?processIds=1&offset=0&limit=15');
    expect(within(loaded).getByText('1.2k')).toBeInTheDocument();
    expect(within(loaded).getByText(/^\w{3}, \d{1,2} Feb \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(
      within(loaded).getByRole('button', { name: 'Download 3 exceptions of bank-20260203.csv' }),
    ).toBeInTheDocument();
    expect(within(loaded).getByRole('button', { name: 'Download bank-20260203.csv' })).toBeInTheDocument();
    expect(within(loaded).getByRole('button', { name: 'Rollback bank-20260203.csv' })).toBeInTheDocument();
    expect(within(loaded).queryByRole('button', { name: 'Reload bank-20260203.csv' })).toBeNull();

    expect(within(loaded).queryByText(/could not be loaded/)).toBeNull();
    const failed = await rowOf('switch-bad.csv');
    expect(within(failed).getAllByText('-')).toHaveLength(2);
    expect(
      within(failed).getByText(LOAD_FAILED_REASON),
      'why the load failed, beside its status',
    ).toBeVisible();
    expect(within(failed).getByRole('button', { name: 'Reload switch-bad.csv' })).toBeInTheDocument();

    const registered = await rowOf('bank-new.csv');
    expect(within(registered).queryByRole('button', { name: /Download|Rollback|Reload/ })).toBeNull();
  });

  it('shows a loading file in FILTER with its records read of the total, until its outcome comes', async () => {
    let loaded = false;
    const loading = reconFile({
      id: 13,
      fileName: 'bank-20260204.csv',
      status: 'FILTER',
      records: null,
      exceptions: null,
      progress: { read: 40_000, total: 100_000 },
    });
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/files': () =>
        jsonResponse(200, {
          reconFiles: [
            loaded
              ? { ...loading, status: 'LOADED', records: 100_000, exceptions: 0, progress: null }
              : loading,
          ],
          paginationInfo: paging(1),
        }),
    });
    signInWith(ALL_FILE_PERMISSIONS);
    renderRoutes(routes, { path: INBOX });
    const row = await rowOf('bank-20260204.csv');
    expect(within(row).getByText('FILTER')).toBeVisible();
    expect(within(row).getByRole('progressbar', { name: 'Loading bank-20260204.csv' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(row).getByText('40 000 / 100 000 records')).toBeVisible();
    loaded = true;
    await waitFor(
      async () => expect(within(await rowOf('bank-20260204.csv')).getByText('LOADED')).toBeVisible(),
      { timeout: 5000 },
    );
    expect(screen.queryByRole('progressbar'), 'the bar goes with FILTER').toBeNull();
    expect(fetch.requests('/api/recon/files').length, 'the inbox asked again while loading').toBeGreaterThan(
      1,
    );
  });

  it('asks again while nothing loads: a load another user approved shows without Refresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let approved = false;
    const waiting = reconFile({
      id: 13,
      fileName: 'bank-20260204.csv',
      status: 'REGISTERED',
      records: null,
      exceptions: null,
      pendingAction: 'LOAD_FILE',
    });
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files': () =>
        jsonResponse(200, {
          reconFiles: [
            approved
              ? { ...waiting, status: 'FILTER', pendingAction: null, progress: { read: 0, total: 100 } }
              : waiting,
          ],
          paginationInfo: paging(1),
        }),
    });
    try {
      signInWith(ALL_FILE_PERMISSIONS);
      renderRoutes(routes, { path: INBOX });
      expect(within(await rowOf('bank-20260204.csv')).getByText('REGISTERED')).toBeVisible();
      approved = true;
      await settle(INBOX_REFRESH_MS);
      await waitFor(async () =>
        expect(within(await rowOf('bank-20260204.csv')).getByText('FILTER')).toBeVisible(),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('says which action of a file waits for approval, and does not offer another until it is decided', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files': () =>
        jsonResponse(200, {
          reconFiles: [
            reconFile({ pendingAction: 'ROLLBACK_FILE' }),
            reconFile({ id: 11, fileName: 'switch-bad.csv', status: 'ERROR', pendingAction: 'RELOAD_FILE' }),
            reconFile({ id: 12, fileName: 'bank-new.csv', status: 'REGISTERED', pendingAction: 'LOAD_FILE' }),
          ],
          paginationInfo: paging(3),
        }),
    });
    signInWith(ALL_FILE_PERMISSIONS);
    renderRoutes(routes, { path: INBOX });
    const loaded = await rowOf('bank-20260203.csv');
    expect(within(loaded).getByText('Rollback waits for approval')).toBeVisible();
    const rollback = within(loaded).getByRole('button', { name: 'Rollback bank-20260203.csv' });
    expect(rollback).toBeDisabled();
    expect(rollback).toHaveAccessibleDescription('Rollback waits for approval');
    expect(within(loaded).getByRole('button', { name: 'Download bank-20260203.csv' })).toBeEnabled();

    const failed = await rowOf('switch-bad.csv');
    expect(within(failed).getByText('Reload waits for approval')).toBeVisible();
    expect(within(failed).getByRole('button', { name: 'Reload switch-bad.csv' })).toBeDisabled();
    expect(within(failed).getByRole('button', { name: 'Rollback switch-bad.csv' })).toBeDisabled();
    expect(within(await rowOf('bank-new.csv')).getByText('Load waits for approval')).toBeVisible();
  });

  it('hides the file actions, the exception downloads and Upload without their permissions', async () => {
    stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES']);
    renderRoutes(routes, { path: INBOX });
    const failed = await rowOf('switch-bad.csv');
    expect(within(failed).queryByRole('button', { name: /Download|Rollback|Reload/ })).toBeNull();
    const loaded = await rowOf('bank-20260203.csv');
    expect(within(loaded).queryByRole('button', { name: /exceptions of/ })).toBeNull();
    expect(within(loaded).getByText('3'), 'the count, as text').toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('opens the inbox for a tab the area does not have', async () => {
    stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES']);
    const { router } = renderRoutes(routes, { path: '/dashboard/finance/processes/1/foo' });
    expect(await screen.findByRole('tab', { name: 'Inbox', selected: true })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/finance/processes/1/inbox');
  });

  it('turns a tab the user may not open away to the sign-in page', async () => {
    stubFetch(baseRoutes);
    signInWith(['VIEW_PROCESSES']);
    const { router } = renderRoutes([...routes, { path: '/login', element: <p>Sign-in page</p> }], {
      path: '/dashboard/finance/processes/1/settlements',
    });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?from=${encodeURIComponent('/dashboard/finance/processes/1/settlements')}`,
    );
  });

  it('shows the empty text, and the catalogue text when the inbox fails', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files': () => jsonResponse(200, { reconFiles: [], paginationInfo: paging(0) }),
    });
    signInWith(['VIEW_PROCESSES']);
    const first = renderRoutes(routes, { path: INBOX });
    expect(await screen.findByText('You have no items in your inbox')).toBeInTheDocument();
    first.unmount();
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files': () =>
        jsonResponse(500, { errorMessage: 'Inbox store offline', code: 'INTERNAL' }),
    });
    renderRoutes(routes, { path: INBOX });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch inbox');
  });

  it('asks for a token, then opens the exceptions download and says it started', async () => {
    const open = vi.fn<typeof window.open>(() => null);
    vi.stubGlobal('open', open);
    stubFetch({ ...baseRoutes, 'GET /api/recon/files/token': () => jsonResponse(200, { token: 'tok-1' }) });
    signInWith(ALL_FILE_PERMISSIONS);
    renderRoutes(routes, { path: INBOX });
    const loaded = await rowOf('bank-20260203.csv');
    await userEvent.setup().click(within(loaded).getByRole('button', { name: /exceptions of/ }));
    expect(await screen.findByText('Exceptions download started successfully.')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('/api/recon/files/10/exceptions?access_token=tok-1', '_blank');
  });

  it('says the exceptions download failed with the token call’s code', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files/token': () =>
        jsonResponse(503, { errorMessage: 'no', code: 'DATABASE_UNAVAILABLE' }),
    });
    signInWith(ALL_FILE_PERMISSIONS);
    renderRoutes(routes, { path: INBOX });
    const loaded = await rowOf('bank-20260203.csv');
    await userEvent.setup().click(within(loaded).getByRole('button', { name: /exceptions of/ }));
    expect(
      await screen.findByText('Exceptions download failed (code 503). Contact support if this persists.'),
    ).toBeInTheDocument();
  });

  it('requests a rollback after the confirmation with its comment; a refused reload stays on its modal', async () => {
    const fetch = stubFetch({
      ...baseRoutes,
      'POST /api/recon/files/10/rollback': () => jsonResponse(201, { actionId: 'a' }),
      'POST /api/recon/files/11/reload': () =>
        jsonResponse(409, { errorMessage: 'A reload of this file is already pending.', code: 'CONFLICT' }),
    });
    signInWith(ALL_FILE_PERMISSIONS);
    const user = userEvent.setup();
    renderRoutes(routes, { path: INBOX });
    await user.click(within(await rowOf('bank-20260203.csv')).getByRole('button', { name: /Rollback/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    expect(
      await within(dialog).findByText(
        "Roll back 'bank-20260203.csv'? Its imported records will be deleted. This cannot be undone.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Rollback' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Wrong day');
    await user.click(within(dialog).getByRole('button', { name: 'Rollback' }));
    expect(await screen.findByText('bank-20260203.csv rollback requested successfully')).toBeInTheDocument();
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ comment: 'Wrong day' });

    await user.click(within(await rowOf('switch-bad.csv')).getByRole('button', { name: /Reload/ }));
    const reload = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await user.type(await within(reload).findByPlaceholderText('Comment (required)'), 'Fixed');
    await user.click(within(reload).getByRole('button', { name: 'Reload' }));
    // The refusal stays on the modal, in the platform's words, with the typed comment.
    expect(await within(reload).findByRole('alert')).toHaveTextContent(
      'A reload of this file is already pending.',
    );
    expect(within(reload).getByPlaceholderText('Comment (required)')).toHaveValue('Fixed');
    expect(
      await screen.findByText(
        "Failed to request reload of 'switch-bad.csv' (code 409): A reload of this file is already pending.",
      ),
    ).toBeInTheDocument();
  });
});
