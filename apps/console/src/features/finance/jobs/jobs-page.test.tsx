import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job } from '@web-control/contract/finance';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { signInWith } from '../../../test/session';
import { JobsPage } from './jobs-page';

const routes = [{ path: '/dashboard/finance/jobs', element: <JobsPage /> }];

function jobsBody(jobs: Job[], totalRecords = jobs.length) {
  return { apiJobList: jobs, paginationInfo: { nextPage: null, range: '1-1', totalRecords } };
}

function renderPage() {
  return renderRoutes(routes, { path: '/dashboard/finance/jobs' });
}

describe('jobs', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(['VIEW_PROCESSES']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('lists each job with its runtimes, a dash for a missing date and its success', async () => {
    stubFetch({
      'GET /api/recon/jobs': () =>
        jsonResponse(
          200,
          jobsBody([
            { name: 'never-ran', lastRuntime: null, lastSuccessfulRuntime: null },
            {
              name: 'good',
              lastRuntime: '2026-02-03T14:05:09.000Z',
              lastSuccessfulRuntime: '2026-02-03T14:05:09.000Z',
            },
            { name: 'broken', lastRuntime: '2026-02-03T14:05:09.000Z', lastSuccessfulRuntime: null },
          ]),
        ),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Job Name', 'Last Runtime', 'Last Successful Runtime', 'Success']);
    const cells = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('never-ran')).toEqual(['-', '-', 'Pending']);
    expect(cells('good')).toEqual(['03/02/2026 14:05:09', '03/02/2026 14:05:09', 'Successful']);
    expect(cells('broken')).toEqual(['03/02/2026 14:05:09', '-', 'Unsuccessful']);
    await waitFor(() => expect(document.title).toBe('Jobs | Web Control'));
  });

  it('asks for pages of 10 and asks again on Refresh', async () => {
    const fetch = stubFetch({
      'GET /api/recon/jobs': (_body, url) =>
        jsonResponse(
          200,
          jobsBody(
            [
              {
                name: `job-${url.searchParams.get('offset')}`,
                lastRuntime: null,
                lastSuccessfulRuntime: null,
              },
            ],
            15,
          ),
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('rowheader', { name: 'job-0' });
    await user.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('rowheader', { name: 'job-10' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetch.requests('/api/recon/jobs')).toHaveLength(3));
    expect(fetch.requests('/api/recon/jobs').map((url) => url.search)).toEqual([
      '?offset=0&limit=10',
      '?offset=10&limit=10',
      '?offset=10&limit=10',
    ]);
  });

  it('says so when no job is configured', async () => {
    stubFetch({ 'GET /api/recon/jobs': () => jsonResponse(200, jobsBody([])) });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('No jobs configured.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the catalogue text when the list fails', async () => {
    stubFetch({ 'GET /api/recon/jobs': () => jsonResponse(503, { errorMessage: 'down', code: 'X' }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Could not retrieve list of jobs. Please try again or contact the provider's support.",
    );
  });
});
