import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetailResponse } from '@web-control/contract/vouchers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { AUTH_ID, EDIT, OLD_AUTH_ID, redeemableVoucher, stuckVoucher, VIEW } from '../voucher-fixtures';
import { signInWith } from '../../../test/session';
import { VoucherDetailPage } from './voucher-detail-page';

const routes = [
  { path: '/dashboard/vouchers/:voucherId', element: <VoucherDetailPage /> },
  { path: '/dashboard/transactions/:uuid', element: <h1>Trace</h1> },
];
const PATH = '/dashboard/vouchers/MT-000123';
const DETAIL = 'GET /api/moneytransfer/order/MT-000123';
const HOLD = 'PUT /api/moneytransfer/customer/CUST-42/order/MT-000123/holdStatus';
const ROLL_BACK = `POST /api/moneytransfer/order/MT-000123/redemption/${AUTH_ID}/roll-back`;
const ROLL_FORWARD = `POST /api/moneytransfer/order/MT-000123/redemption/${AUTH_ID}/roll-forward`;

function detailRoute(detail: OrderDetailResponse) {
  return { [DETAIL]: () => jsonResponse(200, detail) };
}

function onHold(): OrderDetailResponse {
  const detail = redeemableVoucher();
  detail.order.state = 'ON_HOLD';
  return detail;
}

function rolledBack(): OrderDetailResponse {
  const detail = stuckVoucher();
  detail.order.state = 'REDEEMABLE';
  return detail;
}

/** Text with the currency format's non-breaking spaces read as spaces. */
function textOf(element: Element): string {
  return element.textContent.replace(/\s/g, ' ');
}

function currentState() {
  return screen.findByRole('region', { name: 'Current State' });
}

// Typing into forms and modals takes seconds when the machine is busy.
describe('voucher detail page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('shows breadcrumbs, the current state with its pill, reference, creation time and balance', async () => {
    signInWith(VIEW);
    stubFetch(detailRoute(redeemableVoucher()));
    renderRoutes(routes, { path: PATH });
    const card = await currentState();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Vouchers' })).toHaveAttribute(
      'href',
      '/dashboard/vouchers',
    );
    expect(within(crumbs).getByText('Voucher')).toHaveAttribute('aria-current', 'page');
    expect(within(card).getByText('REDEEMABLE').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'success',
    );
    expect(within(card).getByText('MT-000123')).toBeInTheDocument();
    expect(within(card).getByText(/^\w{3} 3rd Feb '26 \d{2}:\d{2}:09$/)).toBeInTheDocument();
    expect(within(card).getByText('R 500.00')).toBeInTheDocument();
    // Without EDIT_VOUCHERS, no changes are offered.
    expect(screen.queryByRole('button', { name: 'Place on Hold' })).toBeNull();
    expect(document.title).toBe('Voucher MT-000123 | Web Control');
  });

  it('groups the history into events with the cut status, amounts, balance table, payment info and transaction link', async () => {
    signInWith(VIEW);
    stubFetch(detailRoute(stuckVoucher()));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: PATH });
    const history = await screen.findByRole('region', { name: 'History' });
    const events = within(history).getAllByRole('listitem');
    expect(events).toHaveLength(3);
    const [latest, earlier, purchase] = events as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(latest).getAllByText('REDEMPTION_AUTH')[0]).toHaveAttribute(
      'title',
      'REDEMPTION_AUTHORISED',
    );
    expect(within(latest).getAllByText('R 300.00')).not.toHaveLength(0);
    expect(within(latest).getByText('M-0042')).toBeInTheDocument();
    expect(within(latest).getByText('T-0007')).toBeInTheDocument();
    expect(within(latest).getByText('RCP-9')).toBeInTheDocument();
    expect(within(latest).getByText('Soweto, Gauteng')).toBeInTheDocument();
    expect(within(latest).getByText('Corner Spaza')).toBeInTheDocument();
    const balance = within(earlier).getByRole('table', { name: 'Order balance' });
    expect(
      within(balance)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map(textOf)),
    ).toEqual([
      [
        'REDEMPTION_AUTH',
        'Redemption authorised',
        expect.stringContaining("Feb '26"),
        'R 200.00',
        'R 300.00',
      ],
      ['REDEEMABLE', 'Redemption confirmed', expect.stringContaining("Feb '26"), '–', 'R 300.00'],
    ]);
    // The purchase: the branch, no recipient, no transaction link.
    expect(within(purchase).getByText('Main Branch')).toBeInTheDocument();
    expect(within(purchase).queryByText('Recipient ID')).toBeNull();
    expect(within(purchase).queryByRole('link')).toBeNull();
    expect(
      within(earlier).getByRole('link', { name: `View transaction ${OLD_AUTH_ID}` }),
    ).toBeInTheDocument();
    await user.click(within(latest).getByRole('link', { name: `View transaction ${AUTH_ID}` }));
    expect(await screen.findByRole('heading', { name: 'Trace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/transactions/${AUTH_ID}`);
  });

  it('places a voucher on hold with a required comment and an Idempotency-Key', async () => {
    signInWith(EDIT);
    const fetch = stubFetch({
      ...detailRoute(redeemableVoucher()),
      [HOLD]: () => jsonResponse(200, onHold()),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PATH });
    const card = await currentState();
    await user.click(within(card).getByRole('button', { name: 'Place on Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place on Hold' });
    await within(dialog).findByRole('button', { name: 'Place on Hold' });
    await user.click(within(dialog).getByRole('button', { name: 'Place on Hold' }));
    expect(await within(dialog).findByText('Please add a comment.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Add a comment' }),
      'Customer reported it stolen',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Place on Hold' }));
    expect(await screen.findByText('Voucher MT-000123 was successfully placed on hold.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { onHold: true, reason: 'Customer reported it stolen' },
    ]);
    expect(fetch.headersOf('PUT')[0]?.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByRole('button', { name: 'Release Hold' })).toBeInTheDocument();
    expect(within(card).getByText('ON_HOLD').closest('[data-kind]')).toHaveAttribute(
      'data-kind',
      'incomplete',
    );
  });

  it('keeps the modal when releasing is refused, says so, and sends the retry with a new key', async () => {
    signInWith(EDIT);
    const fetch = stubFetch({
      ...detailRoute(onHold()),
      [HOLD]: () =>
        jsonResponse(409, {
          errorMessage: 'Voucher MT-000123 is REDEEMABLE, not ON_HOLD.',
          code: 'CONFLICT',
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PATH });
    const card = await currentState();
    await user.click(within(card).getByRole('button', { name: 'Release Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release Hold' });
    await within(dialog).findByRole('button', { name: 'Release Hold' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Add a comment' }),
      'Checked with the customer',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Release Hold' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Voucher MT-000123 is REDEEMABLE, not ON_HOLD.',
    );
    expect(screen.queryByText(/contact support/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release Hold' }));
    await waitFor(() => expect(fetch.headersOf('PUT')).toHaveLength(2));
    const [first, second] = fetch.headersOf('PUT');
    // The platform answered, so it would refuse the same key again; an unanswered send reuses it.
    expect(second?.get('Idempotency-Key')).not.toBe(first?.get('Idempotency-Key'));
    expect(fetch.calls.filter((call) => call.method === 'PUT')[0]?.body).toEqual({
      onHold: false,
      reason: 'Checked with the customer',
    });
  });

  it('sends a retry of a release that got no answer with the same key', async () => {
    signInWith(EDIT);
    let failed = false;
    const fetch = stubFetch({
      ...detailRoute(onHold()),
      [HOLD]: () => {
        if (!failed) {
          failed = true;
          throw new TypeError('Failed to fetch');
        }
        return jsonResponse(200, redeemableVoucher());
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PATH });
    const card = await currentState();
    await user.click(within(card).getByRole('button', { name: 'Release Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release Hold' });
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Add a comment' }),
      'Checked with the customer',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Release Hold' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Release Hold' }));
    await waitFor(() => expect(fetch.headersOf('PUT')).toHaveLength(2));
    const [first, second] = fetch.headersOf('PUT');
    expect(first?.get('Idempotency-Key')).toBeTruthy();
    expect(second?.get('Idempotency-Key')).toBe(first?.get('Idempotency-Key'));
  });

  it('offers no hold change while a redemption is authorised', async () => {
    signInWith(EDIT);
    stubFetch(detailRoute(stuckVoucher()));
    renderRoutes(routes, { path: PATH });
    const card = await currentState();
    expect(within(card).queryByRole('button', { name: /Hold/ })).toBeNull();
  });

  it('enables roll back and forward only on the latest redemption, and rolls back with support id and comment', async () => {
    signInWith(EDIT);
    const fetch = stubFetch({
      ...detailRoute(stuckVoucher()),
      [ROLL_BACK]: () => jsonResponse(200, rolledBack()),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PATH });
    const history = await screen.findByRole('region', { name: 'History' });
    const [latest, earlier, purchase] = within(history).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(latest).getByRole('button', { name: 'Roll Back' })).toBeEnabled();
    expect(within(latest).getByRole('button', { name: 'Roll Forward' })).toBeEnabled();
    expect(within(earlier).getByRole('button', { name: 'Roll Back' })).toBeDisabled();
    expect(within(purchase).queryByRole('button', { name: 'Roll Back' })).toBeNull();

    await user.click(within(latest).getByRole('button', { name: 'Roll Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Back' });
    await within(dialog).findByRole('button', { name: 'Roll Back' });
    await user.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
    expect(await within(dialog).findByText('Please enter a support id.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please add a comment.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Support ID' }), 'SUP-77');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Add a comment' }),
      'Merchant never confirmed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll Back' }));
    expect(await screen.findByText('Voucher MT-000123 was successfully rolled back.')).toBeInTheDocument();
    expect(fetch.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { supportId: 'SUP-77', comment: 'Merchant never confirmed' },
    ]);
    expect(fetch.headersOf('POST')[0]?.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(within(latest).getByRole('button', { name: 'Roll Back' })).toBeDisabled());
  });

  it('says when a roll forward fails', async () => {
    signInWith(EDIT);
    stubFetch({
      ...detailRoute(stuckVoucher()),
      [ROLL_FORWARD]: () =>
        jsonResponse(409, { errorMessage: 'Not the latest redemption.', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: PATH });
    const history = await screen.findByRole('region', { name: 'History' });
    await user.click(within(history).getAllByRole('button', { name: 'Roll Forward' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Roll Forward' });
    await within(dialog).findByRole('button', { name: 'Roll Forward' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Support ID' }), 'SUP-78');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Add a comment' }),
      'Merchant confirmed by phone',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Roll Forward' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not the latest redemption.');
    expect(screen.queryByText(/contact support/)).not.toBeInTheDocument();
  });

  it('says when the voucher does not exist or cannot be fetched', async () => {
    signInWith(VIEW);
    stubFetch({
      [DETAIL]: () => jsonResponse(404, { errorMessage: 'No such voucher', code: 'NOT_FOUND' }),
      'GET /api/moneytransfer/order/MT-BROKEN': () =>
        jsonResponse(500, { errorMessage: 'Boom', code: 'INTERNAL' }),
    });
    const { unmount } = renderRoutes(routes, { path: PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent('Can not find the voucher for MT-000123');
    unmount();
    renderRoutes(routes, { path: '/dashboard/vouchers/MT-BROKEN' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not retrieve the voucher (500). Contact support if this persists.',
    );
  });

  it.each([
    ['blank', '%20', ' '],
    ['longer than any', '1'.repeat(300), '1'.repeat(300)],
  ])('says a reference no voucher can have (%s) is not found, without asking', async (_how, path, shown) => {
    signInWith(VIEW);
    const fetch = stubFetch({});
    renderRoutes(routes, { path: `/dashboard/vouchers/${path}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Can not find the voucher for ${shown}`.trim(),
    );
    expect(screen.queryByRole('button', { name: 'Refresh' }), 'nothing to ask again').toBeNull();
    expect(
      fetch.calls.filter((call) => call.path.includes('/moneytransfer/')),
      'nothing asked',
    ).toEqual([]);
  });

  it.each([
    ['whole, in groups', '4111%C2%A01111%C2%A01111%C2%A01111'],
    ['as the address masking leaves it', '411111******1111'],
  ])(
    'neither looks up nor shows a card number in the address (%s), and points to the search',
    async (_how, path) => {
      signInWith(VIEW);
      const fetch = stubFetch({});
      renderRoutes(routes, { path: `/dashboard/vouchers/${path}` });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'A card number is never searched: give the voucher’s reference number, 12 digits such as 191165877984',
      );
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Voucher$/);
      expect(document.body).not.toHaveTextContent('1111');
      expect(screen.getByRole('link', { name: 'Search vouchers by reference' })).toHaveAttribute(
        'href',
        '/dashboard/vouchers',
      );
      expect(
        fetch.calls.filter((call) => call.path.includes('/moneytransfer/')),
        'nothing asked',
      ).toEqual([]);
    },
  );
});
