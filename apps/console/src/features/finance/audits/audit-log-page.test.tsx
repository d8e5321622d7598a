import { fireEvent, screen, within } from '@testing-library/react';
import type { Audit } from '@web-control/contract/finance-actions';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, settle, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { signInWith } from '../../../test/session';
import { AuditLogPage } from './audit-log-page';

const PATH = '/dashboard/finance/audits';
const routes = [{ path: PATH, element: <AuditLogPage /> }];

function audit(overrides: Partial<Audit> = {}): Audit {
  return {
    auditId: 1,
    actionId: '3f2a9c1e-0000-4000-8000-000000000001',
    auditDate: '2026-11-20T08:05:09.000Z',
    username: 'system',
    reviewerUsername: null,
    type: 'LOAD_FILE',
    status: 'SUCCESS',
    ...overrides,
  };
}

function auditsBody(audits: Audit[], totalRecords = audits.length) {
  return { audits, paginationInfo: { nextPage: null, range: '', totalRecords } };
}

function setup(routesOverride: Routes = {}) {
  const fetch = stubFetch({
    'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([audit()])),
    ...routesOverride,
  });
  const queries = () =>
    fetch.requests('/api/recon/actions/audits').map((url) => Object.fromEntries(url.searchParams));
  return { ...fetch, queries };
}

async function openPage() {
  const view = renderRoutes(routes, { path: PATH });
  await settle();
  await settle();
  return view;
}

/** Focus, then click, as a browser's click on a field does. */
function press(field: HTMLElement) {
  fireEvent.focus(field);
  fireEvent.click(field);
}

async function chooseOption(label: string, option: string) {
  press(screen.getByRole('combobox', { name: label }));
  await settle();
  // In jsdom Mantine's dropdown keeps display:none, so its options count as hidden.
  fireEvent.click(screen.getByRole('option', { name: option, hidden: true }));
  await settle();
}

/** The texts of the options a select offers. */
async function optionsOf(label: string): Promise<(string | null)[]> {
  const combobox = screen.getByRole('combobox', { name: label });
  press(combobox);
  await settle();
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '') as HTMLElement;
  return within(listbox)
    .getAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

// UTC+2 all year: the inputs are local time, the query UTC.
const DEFAULT_RANGE = {
  fromDateTimeInclusive: '2026-10-22T12:30:00.000Z',
  toDateTimeInclusive: '2026-11-22T12:30:59.999Z',
};

describe('audit log', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(['VIEW_AUDITS']);
    vi.stubEnv('TZ', 'Africa/Johannesburg');
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 22, 14, 30, 20));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    resetAccountForTests();
  });

  it('asks for the last month in pages of 50 and shows each entry', async () => {
    const { queries } = setup({
      'GET /api/recon/actions/audits': () =>
        jsonResponse(
          200,
          auditsBody([
            audit(),
            audit({
              auditId: 2,
              actionId: '9b8c7d6e-0000-4000-8000-000000000002',
              type: 'ROLLBACK_FILE',
              username: 'operator',
              reviewerUsername: 'approver',
              status: 'ERROR',
            }),
          ]),
        ),
    });
    await openPage();
    expect(queries()).toEqual([{ ...DEFAULT_RANGE, offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'Audit Log' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Event', 'Date & Time', 'User', 'Reviewer', 'Status']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['Load file · action 3f2a9c', '20/11/2026 10:05:09', 'system', 'Unreviewed', 'Success'],
      ['Rollback file load · action 9b8c7d', '20/11/2026 10:05:09', 'operator', 'approver', 'Failed'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('50');
    expect(document.title).toBe('Audit Log | Web Control');
  });

  it("pairs an action's request (Registered, Unreviewed) with its outcome by the action's reference", async () => {
    setup({
      'GET /api/recon/actions/audits': () =>
        jsonResponse(
          200,
          auditsBody([
            audit({
              auditId: 2,
              username: 'operator',
              reviewerUsername: 'approver',
              status: 'SUCCESS',
              fileName: 'card-switch-20261120.csv',
            }),
            audit({ auditId: 1, username: 'operator', status: 'REGISTERED' }),
          ]),
        ),
    });
    await openPage();
    const rows = within(screen.getByRole('table', { name: 'Audit Log' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Load file card-switch-20261120.csv · action 3f2a9c',
        '20/11/2026 10:05:09',
        'operator',
        'approver',
        'Success',
      ],
      ['Load file · action 3f2a9c', '20/11/2026 10:05:09', 'operator', 'Unreviewed', 'Registered'],
    ]);
  });

  it('offers the specification’s types, then a reload, and statuses with their labels', async () => {
    setup();
    await openPage();
    expect(await optionsOf('Type')).toEqual([
      'Reject transactions',
      'Accept transactions',
      'Resolve transactions',
      'Load file',
      'Rollback file load',
      'Reload file',
    ]);
    expect(await optionsOf('Status')).toEqual(['Registered', 'Success', 'Failed', 'Rejected']);
  });

  it('asks again one second after the filters change, keeping the page', async () => {
    const { queries } = setup({
      'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([audit()], 120)),
    });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await settle();
    expect(queries().at(-1)).toEqual({ ...DEFAULT_RANGE, offset: '50', limit: '50' });

    fireEvent.change(screen.getByRole('textbox', { name: 'User' }), { target: { value: ' system ' } });
    await chooseOption('Type', 'Rollback file load');
    await chooseOption('Status', 'Failed');
    // The project's picker, as in the browser: open it, pick a day; the time stays the default's.
    press(screen.getByRole('button', { name: 'From' }));
    await settle(100);
    const calendar = screen.getByRole('dialog', { hidden: true });
    fireEvent.click(within(calendar).getByRole('button', { name: '1 October 2026', hidden: true }));
    await settle(999);
    expect(queries()).toHaveLength(2);
    await settle(1);
    expect(queries()).toHaveLength(3);
    expect(queries().at(-1)).toEqual({
      fromDateTimeInclusive: '2026-10-01T12:30:00.000Z',
      toDateTimeInclusive: DEFAULT_RANGE.toDateTimeInclusive,
      offset: '50',
      limit: '50',
      username: 'system',
      type: 'ROLLBACK_FILE',
      status: 'ERROR',
    });
  });

  it('says at the User field that a card number is never searched, and the list waits without asking', async () => {
    const { queries } = setup({
      'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([audit()], 1)),
    });
    const { router } = await openPage();
    const user = screen.getByRole('textbox', { name: 'User' });
    fireEvent.change(user, { target: { value: 'system' } });
    await settle(1_000);
    expect(queries().at(-1)).toMatchObject({ username: 'system' });
    const asked = queries().length;
    fireEvent.change(user, { target: { value: '4111 1111 1111 1111' } });
    await settle(1_000);
    expect(user).toHaveAccessibleDescription('A card number is never searched: give a name.');
    // Neither everyone's entries nor the last user's: the list says what it waits for.
    expect(screen.getByText('Correct or clear User to see the audit log.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(queries()).toHaveLength(asked);
    expect(router.state.location.search).not.toMatch(/4111/);

    fireEvent.change(user, { target: { value: 'system' } });
    await settle(1_000);
    expect(screen.getByRole('table', { name: 'Audit Log' })).toBeVisible();
    expect(queries().at(-1)).toMatchObject({ username: 'system' });
  });

  it('says a user longer than the platform takes at the field, and asks nothing for it', async () => {
    const { queries } = setup();
    await openPage();
    const asked = queries().length;
    const user = screen.getByRole('textbox', { name: 'User' });
    fireEvent.change(user, { target: { value: 'u'.repeat(201) } });
    await settle(1_000);
    expect(user).toHaveAccessibleDescription('Must not exceed 200 characters');
    expect(screen.getByText('Correct or clear User to see the audit log.')).toBeVisible();
    expect(queries()).toHaveLength(asked);
  });

  it('starts again from page 1 with a new page size among 50, 100, 200 and 500', async () => {
    const { queries } = setup({
      'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([audit()], 120)),
    });
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await settle();
    expect(await optionsOf('Page size')).toEqual(['50', '100', '200', '500']);
    fireEvent.click(screen.getByRole('option', { name: '200', hidden: true }));
    await settle();
    expect(queries().at(-1)).toEqual({ ...DEFAULT_RANGE, offset: '0', limit: '200' });
  });

  it('Refresh moves the default range’s end to now, so entries made since the page opened show', async () => {
    const { queries } = setup({ 'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([])) });
    await openPage();
    vi.setSystemTime(new Date(2026, 10, 22, 14, 33, 5));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await settle();
    expect(queries().at(-1)).toEqual({
      fromDateTimeInclusive: DEFAULT_RANGE.fromDateTimeInclusive,
      toDateTimeInclusive: '2026-11-22T12:33:59.999Z',
      offset: '0',
      limit: '50',
    });
    // Within the same minute, it asks again as it is.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await settle();
    expect(queries()).toHaveLength(3);
    expect(queries().at(-1)).toEqual(queries().at(-2));
  });

  it('says at To when it is before From, and asks nothing until it is corrected', async () => {
    const { queries } = setup({ 'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([])) });
    renderRoutes(routes, { path: `${PATH}?from=2026-11-01T10%3A00&to=2026-10-01T10%3A00` });
    await settle();
    await settle(1000);
    expect(screen.getByText('To cannot be before From')).toBeInTheDocument();
    expect(screen.getByText('Correct the dates to see the audit log.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(queries(), 'nothing asked for the reversed range').toEqual([]);
  });

  it('says so when no entry matches', async () => {
    setup({ 'GET /api/recon/actions/audits': () => jsonResponse(200, auditsBody([])) });
    await openPage();
    expect(screen.getByRole('status')).toHaveTextContent('No log entries found');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s errorMessage, or the fallback text', async () => {
    setup({
      'GET /api/recon/actions/audits': () =>
        jsonResponse(400, { errorMessage: 'Bad range', code: 'BAD_REQUEST' }),
    });
    await openPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Bad range');
  });

  it('falls back to its own text when the failure carries no message', async () => {
    setup({ 'GET /api/recon/actions/audits': () => new Response('gateway', { status: 502 }) });
    await openPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch audit log');
  });
});
