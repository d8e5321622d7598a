import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProcessDefinition, ReconTransaction } from '@web-control/contract/finance';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { AMOUNT_FIELD, keyField, SNAPSHOT } from '../finance-fixtures';
import { signInWith } from '../../../test/session';
import { ResultsTab } from './results-tab';

const PROCESS: ProcessDefinition = {
  id: 1,
  name: 'card-recon',
  displayName: 'Card Recon',
  parties: { '1': 'Bank', '2': 'Switch' },
  fields: [keyField('reference', 'Reference'), AMOUNT_FIELD],
};
const TRANSACTIONS_PATH = '/api/recon/processes/1/transactions';
const RESULTS = '/dashboard/finance/processes/1/results';

function transaction(id: string, overrides: Partial<ReconTransaction> = {}): ReconTransaction {
  return {
    id,
    createdDateTime: '2026-02-03T10:00:00.000Z',
    matchStatus: 'UNMATCHED',
    settlementStatus: 'ISSUE',
    score: 0,
    records: [{ type: 'PRIMARY', partyId: 1, fields: { reference: `R${id}`, amount: '100' } }],
    ...overrides,
  };
}

const PAGE = [
  transaction('1'),
  transaction('2', {
    matchStatus: 'MATCHED',
    score: 50,
    records: [
      { type: 'PRIMARY', partyId: 1, fields: { reference: 'R2', amount: '100' } },
      { type: 'PRIMARY', partyId: 2, fields: { reference: 'R2', amount: '150100' } },
    ],
  }),
];

function page(transactions: ReconTransaction[], totalRecords = transactions.length) {
  return { transactions, paginationInfo: { nextPage: null, range: '1-2', totalRecords } };
}

function routesWith(extra: Routes = {}): Routes {
  return {
    [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page(PAGE)),
    'GET /api/recon/processes/1/snapshot': () => jsonResponse(200, SNAPSHOT),
    ...extra,
  };
}

function renderTab(search = '', process = PROCESS) {
  return renderRoutes(
    [{ path: '/dashboard/finance/processes/:processId/results', element: <ResultsTab process={process} /> }],
    {
      path: `${RESULTS}${search}`,
    },
  );
}

const headers = () =>
  within(screen.getByRole('table', { name: 'Transactions' }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
/** In jsdom Mantine's dropdowns keep display:none, so their options count as hidden. */
async function chooseOption(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const menuItem = (name: string) => screen.findByRole('menuitem', { name, hidden: true });

const rowOf = (id: string) => screen.getByRole('rowheader', { name: id }).closest('tr') as HTMLElement;

// Each case drives a large grid through several menus: seconds apiece on a busy 2-core machine.
describe('recon results', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT', 'SUBMIT_ACTIONS']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
    clearModalsForTests();
    localStorage.clear();
  });

  it('shows the fixed columns and the custom ones by display name, a partial match and each party’s differing amounts', async () => {
    stubFetch(routesWith());
    renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(headers()).toEqual(['ID', 'Matched', 'Settlement', 'Score', 'Party', 'Reference', 'Amount']);
    expect(
      within(rowOf('2'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Partially matched',
      'Issue',
      '50%',
      'Bank, Switch',
      'R2',
      'R\u00a01.00 (Bank) / R\u00a01\u00a0501.00 (Switch)',
    ]);
    expect(screen.getByRole('radio', { name: 'All transactions' })).toBeChecked();
    expect(
      await screen.findByLabelText('Process match status'),
      'recon counts in short notation',
    ).toHaveTextContent('Matched 12.3k · Unmatched 7 · Partially matched 0 · Rejected 1');
  });

  it('shows Matched, Party and Settlement only for several parties, Settlement only with RECON_SETTLEMENT', async () => {
    stubFetch(routesWith());
    signInWith(['VIEW_PROCESSES']);
    const view = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(headers()).toEqual(['ID', 'Matched', 'Score', 'Party', 'Reference', 'Amount']);
    expect(screen.queryByRole('button', { name: 'Manage selected' })).toBeNull();
    view.unmount();
    renderTab('', { ...PROCESS, parties: { '1': 'Bank' } });
    await screen.findByRole('table', { name: 'Transactions' });
    expect(headers()).toEqual(['ID', 'Score', 'Reference', 'Amount']);
  });

  it('asks for the query the link carries and shows it', async () => {
    const fetch = stubFetch(routesWith());
    renderTab(
      '?matchStatus=UNMATCHED&settlementStatus=ISSUE&f.amount.GREATER_THAN=5000&sortBy=amount.desc,id.asc&offset=25&limit=50',
    );
    await screen.findByRole('table', { name: 'Transactions' });
    const asked = fetch.requests(TRANSACTIONS_PATH)[0];
    expect(asked?.searchParams.get('matchStatus')).toBe('UNMATCHED');
    expect(asked?.searchParams.get('settlementStatus')).toBe('ISSUE');
    expect(asked?.searchParams.get('f.amount.GREATER_THAN')).toBe('5000');
    expect(asked?.searchParams.get('sortBy')).toBe('amount.desc,id.asc');
    expect(asked?.searchParams.get('offset')).toBe('25');
    expect(asked?.searchParams.get('limit')).toBe('50');
    expect(screen.getByRole('radio', { name: 'Unmatched' })).toBeChecked();
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveTextContent(
      'Amount▼, sort priority 1',
    );
    expect(screen.getByRole('columnheader', { name: /^ID/ })).toHaveTextContent('ID▲, sort priority 2');
    // Money in the link is in cents, as the records hold it; the panel shows rand, as the grid does.
    expect(screen.getByRole('textbox', { name: 'Value (filter 1)' })).toHaveValue('50');
  });

  it('says in words why a link’s status could not be read, and shows every transaction', async () => {
    const fetch = stubFetch(routesWith());
    renderTab('?matchStatus=FOO');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(
      screen.getByText(
        "This link's filters could not be read, so all transactions are shown. matchStatus: Must be one of MATCHED, UNMATCHED, PARTIALLY_MATCHED, REJECTED.",
      ),
    ).toBeInTheDocument();
    expect(fetch.requests(TRANSACTIONS_PATH)[0]?.searchParams.has('matchStatus')).toBe(false);
  });

  it('puts the status and the filter rows in the URL, each from page 1', async () => {
    const user = userEvent.setup();
    stubFetch(routesWith({ [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page(PAGE, 200)) }));
    const { router } = renderTab('?offset=50&limit=25');
    await screen.findByRole('table', { name: 'Transactions' });
    const query = () => new URLSearchParams(router.state.location.search);

    await user.click(screen.getByRole('radio', { name: 'Partially matched' }));
    expect(query().get('matchStatus')).toBe('MATCHED');
    expect(query().get('settlementStatus')).toBe('ISSUE');
    expect(query().get('offset')).toBeNull();
    expect(query().get('limit'), 'the default page size stays out of the link').toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Issue' }));
    expect(query().get('matchStatus'), 'Issue has no match status').toBeNull();
    expect(query().get('settlementStatus')).toBe('ISSUE');
    expect(screen.getByRole('radio', { name: 'Issue' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('button', { name: 'Remove filter 1' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove filter 2' }));
    expect(screen.getByRole('button', { name: 'Remove filter 1' })).toBeDisabled();
    await chooseOption('Field (filter 1)', 'Reference');
    await chooseOption('Condition (filter 1)', 'Starts with');
    await user.type(screen.getByRole('textbox', { name: 'Value (filter 1)' }), 'R1');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(query().get('f.reference.STARTS_WITH')).toBe('R1');
    // The panel is drawn afresh for the filter it applied: the keyboard goes on from its Apply.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply filters' })).toHaveFocus());
  });

  it('says at the field when a Between’s second value is below its first, and applies nothing', async () => {
    const user = userEvent.setup();
    stubFetch(routesWith({ [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page(PAGE, 200)) }));
    const { router } = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    await chooseOption('Field (filter 1)', 'Amount');
    await chooseOption('Condition (filter 1)', 'Between');
    await user.type(screen.getByRole('textbox', { name: 'Value (filter 1)' }), '2000');
    await user.type(screen.getByRole('textbox', { name: 'And (filter 1)' }), '1000');
    const before = router.state.location.search;
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('textbox', { name: 'And (filter 1)' })).toHaveAccessibleDescription(
      'The second value must not be below the first',
    );
    expect(router.state.location.search, 'nothing applied').toBe(before);
  });

  it('says at the empty field when a Between has one amount, rather than read it as R 0.00', async () => {
    const user = userEvent.setup();
    stubFetch(routesWith({ [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page(PAGE, 200)) }));
    const { router } = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    await chooseOption('Field (filter 1)', 'Amount');
    await chooseOption('Condition (filter 1)', 'Between');
    await user.type(screen.getByRole('textbox', { name: 'Value (filter 1)' }), '200');
    const before = router.state.location.search;
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('textbox', { name: 'And (filter 1)' })).toHaveAccessibleDescription(
      'Enter both values, or choose More than or Less than',
    );
    expect(router.state.location.search, 'nothing applied').toBe(before);
    await user.type(screen.getByRole('textbox', { name: 'And (filter 1)' }), '1 000');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(new URLSearchParams(router.state.location.search).getAll('f.amount.BETWEEN')).toEqual([
      '20000',
      '100000',
    ]);
  });

  it('checks no status a link’s statuses do not match, and says them', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(routesWith());
    const { router } = renderTab('?matchStatus=PARTIALLY_MATCHED');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(fetch.requests(TRANSACTIONS_PATH)[0]?.searchParams.get('matchStatus')).toBe('PARTIALLY_MATCHED');
    const group = screen.getByRole('radiogroup', { name: 'Status' });
    expect(group).toHaveAccessibleDescription('From the link: match status Partially matched.');
    expect(within(group).queryByRole('radio', { checked: true })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'All transactions' }));
    expect(router.state.location.search).not.toContain('matchStatus');
    expect(screen.getByRole('radio', { name: 'All transactions' })).toBeChecked();
    expect(screen.queryByText('From the link: match status Partially matched.')).toBeNull();
  });

  it('puts the sort carets and the paging in the URL; a new page size starts at page 1', async () => {
    const user = userEvent.setup();
    stubFetch(routesWith({ [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page(PAGE, 200)) }));
    const { router } = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    const query = () => new URLSearchParams(router.state.location.search);

    await user.click(within(screen.getByRole('columnheader', { name: 'Score' })).getByRole('button'));
    expect(query().get('sortBy')).toBe('score.desc');
    await user.keyboard('{Shift>}');
    await user.click(within(screen.getByRole('columnheader', { name: /^Reference/ })).getByRole('button'));
    await user.keyboard('{/Shift}');
    expect(query().get('sortBy')).toBe('score.desc,reference.desc');
    expect(await screen.findByRole('columnheader', { name: /^Score/ })).toHaveTextContent(
      'Score▼, sort priority 1',
    );

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(query().get('offset')).toBe('25');
    await chooseOption('Rows per page', '50');
    expect(query().get('limit')).toBe('50');
    expect(query().get('offset')).toBeNull();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('keeps the Columns choices per user and process', async () => {
    const user = userEvent.setup();
    stubFetch(routesWith());
    const view = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Score' }));
    expect(headers()).not.toContain('Score');
    view.unmount();
    const again = renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(headers()).not.toContain('Score');
    again.unmount();
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT'], 'someone-else');
    renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(headers()).toContain('Score');
  });

  it('accepts the selected rows by key after the confirmation with its comment', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(
      routesWith({
        'POST /api/recon/processes/1/actions/acceptTransactionsByKey': () =>
          jsonResponse(200, { actionId: 'a1', transactionCount: 1 }),
      }),
    );
    renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.getByRole('button', { name: 'Manage selected' })).toBeDisabled();
    await user.click(rowOf('1'));
    await user.click(screen.getByRole('button', { name: 'Manage selected' }));
    await user.click(await menuItem('Accept'));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    expect(
      await within(dialog).findByText('Are you sure you want to accept 1 selected transaction?'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Bank confirmed');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Action submitted successfully.')).toBeInTheDocument();
    const post = fetch.calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      comment: 'Bank confirmed',
      transactionKeys: [{ id: '1', createdDateTime: '2026-02-03T10:00:00.000Z' }],
    });
  });

  it('offers resolve only when every selected row allows it, naming the correct party', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(
      routesWith({
        'POST /api/recon/processes/1/actions/resolveTransactionsByKey': () =>
          jsonResponse(200, { actionId: 'a2', transactionCount: 1 }),
      }),
    );
    renderTab();
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(rowOf('1'));
    await user.keyboard('{Shift>}');
    await user.click(rowOf('2'));
    await user.keyboard('{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Manage selected' }));
    expect(await menuItem('Resolve')).toBeDisabled();
    expect(await menuItem('Accept')).toBeDisabled();
    expect(await menuItem('Reject')).toBeEnabled();
    await user.keyboard('{Escape}');
    await user.click(rowOf('1'));
    await user.click(screen.getByRole('button', { name: 'Manage selected' }));
    await user.click(await menuItem('Resolve'));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Select which party you would like to mark as correct for 1 partially matched transaction.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Switch is right');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(within(dialog).getByText('Please select a party')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Switch' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(fetch.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({
      comment: 'Switch is right',
      partyId: 2,
      transactionKeys: [{ id: '2', createdDateTime: '2026-02-03T10:00:00.000Z' }],
    });
  });

  it('selects every filtered transaction across pages and rejects them by filter; a failure stays on the modal', async () => {
    const user = userEvent.setup();
    const fetch = stubFetch(
      routesWith({
        [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page([transaction('1'), transaction('3')], 60)),
        'POST /api/recon/processes/1/actions/rejectTransactionsByFilter': () =>
          jsonResponse(500, { errorMessage: 'boom', code: 'INTERNAL' }),
      }),
    );
    renderTab('?matchStatus=UNMATCHED&settlementStatus=ISSUE&f.reference.STARTS_WITH=R');
    await screen.findByRole('table', { name: 'Transactions' });
    expect(screen.queryByRole('button', { name: 'Select all transactions' })).toBeNull();
    await user.click(rowOf('1'));
    await user.keyboard('{Shift>}');
    await user.click(rowOf('3'));
    await user.keyboard('{/Shift}');
    await user.click(screen.getByRole('button', { name: 'Select all transactions' }));
    expect(screen.getByText('60 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Manage selected' }));
    await user.click(await menuItem('Reject'));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        'Are you sure you want to reject all filtered pending/issue transactions?',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Duplicates');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Something went wrong (code 500).')).toBeInTheDocument();
    const post = fetch.requests('/api/recon/processes/1/actions/rejectTransactionsByFilter')[0];
    expect(post?.searchParams.get('matchStatus')).toBe('UNMATCHED');
    expect(post?.searchParams.get('f.reference.STARTS_WITH')).toBe('R');
    expect(post?.searchParams.get('limit')).toBeNull();
    expect(fetch.calls.find((call) => call.method === 'POST')?.body).toEqual({ comment: 'Duplicates' });
    // The failure stays on the modal with what was typed; the selection stays for another try.
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('textbox', { name: 'Comment' })).toHaveValue('Duplicates');
    expect(screen.getByText('60 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText('60 selected')).toBeNull();
  });

  it('says when an action by filter holds fewer transactions than were selected', async () => {
    const user = userEvent.setup();
    stubFetch(
      routesWith({
        [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page([transaction('1'), transaction('3')], 60)),
        'POST /api/recon/processes/1/actions/rejectTransactionsByFilter': () =>
          jsonResponse(201, { actionId: 'a1', transactionCount: 57 }),
      }),
    );
    renderTab('?matchStatus=UNMATCHED&settlementStatus=ISSUE');
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(rowOf('1'));
    await user.click(rowOf('3'));
    await user.click(screen.getByRole('button', { name: 'Select all transactions' }));
    await user.click(screen.getByRole('button', { name: 'Manage selected' }));
    await user.click(await menuItem('Reject'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Duplicates');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await screen.findByText(
        'Action submitted successfully. It holds 57 of the 60 selected transactions: the others may not be changed this way, or already wait for approval in another action.',
      ),
    ).toBeInTheDocument();
  });

  it('offers no way to act on every filtered transaction to a user who cannot submit actions', async () => {
    signInWith(['VIEW_PROCESSES', 'RECON_SETTLEMENT']);
    const user = userEvent.setup();
    stubFetch(
      routesWith({
        [`GET ${TRANSACTIONS_PATH}`]: () => jsonResponse(200, page([transaction('1'), transaction('3')], 60)),
      }),
    );
    renderTab('?matchStatus=UNMATCHED&settlementStatus=ISSUE');
    await screen.findByRole('table', { name: 'Transactions' });
    await user.click(rowOf('1'));
    await user.keyboard('{Shift>}');
    await user.click(rowOf('3'));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all transactions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage selected' })).toBeNull();
  });

  it('says when nothing matches, and offers Try again after a failure', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(
      routesWith({
        [`GET ${TRANSACTIONS_PATH}`]: () => (fail ? jsonResponse(500, {}) : jsonResponse(200, page([]))),
      }),
    );
    renderTab();
    expect(
      await screen.findByText(
        'Oops! Something went wrong while retrieving recon results. Contact support if the problem persists.',
      ),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions match your query.')).toBeInTheDocument();
  });
});
