import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Extract } from '@web-control/contract/finance-settlements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, settle, stubFetch, type Routes } from '../../../test/fetch';
import { pickDay } from '../../../test/pick-date';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { signInWith } from '../../../test/session';
import { OUTBOX_DEBOUNCE_MS } from './constants';
import { OutboxView } from './outbox-view';

const EXTRACT: Extract = {
  path: 'extracts/5',
  fileName: 'settlement-7.csv',
  createdDate: '2026-02-03T12:00:09.000Z',
  tags: { kind: ['settlement-report'], currency: ['ZAR', 'USD'] },
};

function extractsBody(extracts: Extract[]) {
  return { extracts, paginationInfo: { nextPage: null, range: '1-1', totalRecords: extracts.length } };
}

const baseRoutes: Routes = {
  'GET /api/recon/extracts': () => jsonResponse(200, extractsBody([EXTRACT])),
  'GET /api/recon/extracts/tags': () =>
    jsonResponse(200, {
      extractTagNames: [
        { id: 'kind', name: 'Kind' },
        { id: 'currency', name: 'Currency' },
      ],
    }),
  'GET /api/recon/extracts/tags/currency': () =>
    jsonResponse(200, { extractTagValues: [{ value: 'ZAR' }, { value: 'USD' }] }),
};

function renderView(processId?: number) {
  return renderRoutes([{ path: '/o', element: <OutboxView processId={processId} /> }], { path: '/o' });
}

async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// Mantine's selects and the 400 ms wait take seconds on a busy 2-core machine.
describe('outbox', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 1, 3, 15, 30) });
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(['VIEW_PROCESSES']);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('lists today’s extracts of the process with a column per tag and downloads one with a token', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/files/token': () => jsonResponse(200, { token: 'once' }),
    });
    renderView(1);
    const table = await screen.findByRole('table', { name: 'Extracts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Filename', 'Date Created', 'kind', 'currency', 'Download']);
    expect(within(table).getByRole('row', { name: /settlement-7\.csv/ })).toHaveTextContent('ZAR, USD');
    const asked = fetch.requests('/api/recon/extracts')[0];
    expect(asked?.searchParams.get('processId')).toBe('1');
    expect(asked?.searchParams.get('fromDateTimeInclusive')).toBe(new Date(2026, 1, 3).toISOString());
    expect(asked?.searchParams.get('limit')).toBe('25');

    await user.click(screen.getByRole('button', { name: 'Download settlement-7.csv' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(fetch.requests('/api/recon/files/token')[0]?.searchParams.get('fileIdentifier')).toBe(
      'extracts/5',
    );
    const opened = new URL(String(open.mock.calls[0]?.[0]), 'http://console.test');
    expect(opened.pathname).toBe('/api/recon/extracts/download');
    expect(Object.fromEntries(opened.searchParams)).toEqual({
      path: 'extracts/5',
      filename: 'settlement-7.csv',
      access_token: 'once',
    });
  });

  it('offers an exceptions extract for download only to who may download inbox files', async () => {
    const exceptions: Extract = {
      path: 'extracts/6',
      fileName: 'card-switch-20260203.csv.exceptions.csv',
      createdDate: '2026-02-03T12:00:09.000Z',
      tags: { Kind: ['exceptions'] },
    };
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/extracts': () => jsonResponse(200, extractsBody([EXTRACT, exceptions])),
    });
    renderView();
    const table = await screen.findByRole('table', { name: 'Extracts' });
    const row = within(table).getByRole('row', { name: /exceptions\.csv/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('card-switch-20260203.csv.exceptions.csv');
    expect(within(row).queryByRole('button'), 'neither the name nor Download').toBeNull();
    expect(screen.getByRole('button', { name: 'Download settlement-7.csv' })).toBeInTheDocument();
  });

  it('offers an exceptions extract to who holds DOWNLOAD_INBOX_FILES', async () => {
    signInWith(['VIEW_PROCESSES', 'DOWNLOAD_INBOX_FILES']);
    const exceptions: Extract = {
      ...EXTRACT,
      path: 'extracts/6',
      fileName: 'x.exceptions.csv',
      tags: { Kind: ['exceptions'] },
    };
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/extracts': () => jsonResponse(200, extractsBody([exceptions])),
    });
    renderView();
    expect(await screen.findByRole('button', { name: 'Download x.exceptions.csv' })).toBeInTheDocument();
  });

  it('filters by tag after the wait, not when only the tag type is chosen, and Clear all resets', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const fetch = stubFetch(baseRoutes);
    renderView();
    await screen.findByRole('table', { name: 'Extracts' });
    expect(fetch.requests('/api/recon/extracts')[0]?.searchParams.get('processId')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await chooseOption('Tag type (filter 1)', 'Currency');
    await settle(OUTBOX_DEBOUNCE_MS);
    expect(fetch.requests('/api/recon/extracts')).toHaveLength(1);
    await user.type(screen.getByRole('combobox', { name: 'Tag value (filter 1)' }), 'ZAR');
    await waitFor(() => expect(fetch.requests('/api/recon/extracts')).toHaveLength(2));
    expect(fetch.requests('/api/recon/extracts')[1]?.searchParams.getAll('tag')).toEqual(['currency:ZAR']);
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('combobox', { name: 'Tag type (filter 1)' })).toBeNull();
  });

  it('refuses a To before From, asking nothing until it is corrected, and says when nothing comes back', async () => {
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/extracts': () => jsonResponse(200, extractsBody([])),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderView();
    expect(await screen.findByText('No extracts found. Try changing your filters.')).toBeInTheDocument();
    await pickDay(user, 'Date Created to', '1 February 2026');
    expect(screen.getByRole('button', { name: 'Date Created to' }), 'said at To').toHaveAccessibleDescription(
      'To cannot be before From',
    );
    expect(screen.getByRole('button', { name: 'Date Created from' })).not.toHaveAccessibleDescription();
    expect(await screen.findByText('Correct the dates to see extracts.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    const asked = fetch.requests('/api/recon/extracts');
    expect(
      asked.filter((url) => !url.searchParams.has('fromDateTimeInclusive')),
      'never every day’s',
    ).toEqual([]);
  });

  it('warns, without closing, when the tags cannot be fetched', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/extracts/tags': () => jsonResponse(503, {}),
    });
    renderView();
    expect(
      await screen.findByText(
        'Failed to fetch tags (response code 503). Filtering by tag will not work. Please reload the page.',
      ),
    ).toBeInTheDocument();
    await settle(15_000);
    expect(screen.getByText(/^Failed to fetch tags \(response code 503\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('combobox', { name: 'Tag type (filter 1)' })).toBeInTheDocument();
  });
});
