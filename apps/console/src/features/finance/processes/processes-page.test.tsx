import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { processSummary, SNAPSHOT } from '../finance-fixtures';
import { signInWith } from '../../../test/session';
import { ProcessesPage } from './processes-page';

const routes = [{ path: '/dashboard/finance/processes', element: <ProcessesPage /> }];
const PAGING = { nextPage: null, range: '1-1', totalRecords: 1 };

function renderPage() {
  return renderRoutes(routes, { path: '/dashboard/finance/processes' });
}

describe('processes list', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_PROCESSES', 'VIEW_ACTIONS']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('shows each process as a card with its four counts in short notation and its links', async () => {
    stubFetch({
      'GET /api/recon/processes': () =>
        jsonResponse(200, {
          processes: [
            processSummary({
              pendingApprovals: 1234,
              missingFiles: 2,
              uploadErrors: 0,
              reconExceptions: 15300,
            }),
          ],
          paginationInfo: PAGING,
        }),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Card Recon' });
    expect(within(card).getByText('Pending approvals: 1.2k')).toBeInTheDocument();
    expect(within(card).getByText('Missing files: 2')).toBeInTheDocument();
    expect(within(card).getByText('Upload errors: 0')).toBeInTheDocument();
    expect(within(card).getByText('Recon exceptions: 15.3k')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Inbox' })).toHaveAttribute(
      'href',
      '/dashboard/finance/processes/1/inbox',
    );
    expect(within(card).getByRole('link', { name: 'Approvals' })).toHaveAttribute(
      'href',
      '/dashboard/finance/processes/1/approvals',
    );
    expect(within(card).getByRole('link', { name: 'Recon results' })).toHaveAttribute(
      'href',
      '/dashboard/finance/processes/1/results',
    );
    await waitFor(() => expect(document.title).toBe('Processes | Web Control'));
  });

  it('loads the snapshot on expanding a card and hides it on collapsing', async () => {
    const fetch = stubFetch({
      'GET /api/recon/processes': () =>
        jsonResponse(200, { processes: [processSummary()], paginationInfo: PAGING }),
      'GET /api/recon/processes/1/snapshot': () => jsonResponse(200, SNAPSHOT),
    });
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('button', { name: 'Card Recon' });
    expect(fetch.requests('/api/recon/processes/1/snapshot')).toHaveLength(0);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: "Today's Files" })).toHaveAttribute(
      'href',
      '/dashboard/finance/processes/1/inbox',
    );
    expect(screen.getByRole('link', { name: "Today's Recon Stats" })).toHaveAttribute(
      'href',
      '/dashboard/finance/processes/1/results',
    );
    expect(screen.getByRole('link', { name: "Today's Settlement Value" })).toHaveAttribute(
      'href',
      '/dashboard/finance/outbox',
    );
    expect(screen.getByText('12.3k')).toBeInTheDocument();
    expect(screen.getByText('1 234 567.5')).toBeInTheDocument();
    // A currency's total in that currency, as the Settlement tab writes it.
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('R 13 420.00');
    expect(screen.getByText('1.5k')).toBeInTheDocument();
    expect(
      screen.getByText(/^Last upload Tue, 3 Feb \d\d:05$/),
      'the time is the last upload’s',
    ).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: "Today's Files" })).toBeNull();
  });

  it('says so when the snapshot cannot be loaded', async () => {
    stubFetch({
      'GET /api/recon/processes': () =>
        jsonResponse(200, { processes: [processSummary()], paginationInfo: PAGING }),
      'GET /api/recon/processes/1/snapshot': () => jsonResponse(500, { errorMessage: 'boom', code: 'X' }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Card Recon' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not retrieve process statistics. Please try again or contact support.',
    );
  });

  it('pages by 10 and reloads the page shown on Refresh', async () => {
    const fetch = stubFetch({
      'GET /api/recon/processes': (_body, url) => {
        const offset = Number(url.searchParams.get('offset'));
        return jsonResponse(200, {
          processes: [processSummary({ id: offset + 1, displayName: `Process ${offset + 1}` })],
          paginationInfo: { nextPage: null, range: '', totalRecords: 15 },
        });
      },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('article', { name: 'Process 1' });
    expect(fetch.requests('/api/recon/processes')[0]?.search).toBe('?offset=0&limit=10');
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('article', { name: 'Process 11' });
    expect(fetch.requests('/api/recon/processes').at(-1)?.search).toBe('?offset=10&limit=10');
    const before = fetch.requests('/api/recon/processes').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetch.requests('/api/recon/processes')).toHaveLength(before + 1));
    expect(fetch.requests('/api/recon/processes').at(-1)?.search).toBe('?offset=10&limit=10');
  });

  it('shows the catalogue texts when there are no processes and when the list fails', async () => {
    stubFetch({
      'GET /api/recon/processes': () =>
        jsonResponse(200, {
          processes: [],
          paginationInfo: { nextPage: null, range: '0-0', totalRecords: 0 },
        }),
    });
    const first = renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No processes found. Please contact support.',
    );
    first.unmount();
    stubFetch({ 'GET /api/recon/processes': () => jsonResponse(503, { errorMessage: 'down', code: 'X' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not retrieve list of processes. Please try again or contact support.',
    );
  });
});
