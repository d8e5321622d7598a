import type {
  OrderDetailResponse,
  Payout,
  SenderOrder,
  StateTransition,
} from '@web-control/contract/vouchers';

export const VIEW = ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS'];
export const EDIT = [...VIEW, 'EDIT_VOUCHERS'];

const rand = (amount: number) => ({ amount, currency: 'ZAR' });

export function senderOrder(overrides: Partial<SenderOrder> = {}): SenderOrder {
  return {
    reference: 'MT-000123',
    customerId: 'CUST-42',
    state: 'REDEEMABLE',
    datetimeCreated: '2026-02-03T12:05:09.000Z',
    datetimeModified: '2026-02-04T08:30:00.000Z',
    amount: rand(30000),
    ...overrides,
  };
}

export const AUTH_ID = '6f1c2b1e-8f1a-4d7e-9a3b-2c4d5e6f7a8b';
export const OLD_AUTH_ID = '1a2b3c4d-0000-4000-8000-000000000001';

let nextId = 1;
function transition(
  event: number,
  state: StateTransition['state'],
  action: StateTransition['action'],
  actionDescription: string,
  datetimeUpdated: string,
  overrides: Partial<StateTransition> = {},
): StateTransition {
  return {
    id: nextId++,
    event,
    state,
    action,
    actionDescription,
    datetimeUpdated,
    eventAmount: null,
    remainingOrderAmount: rand(50000),
    authorisationId: null,
    username: null,
    supportId: null,
    ...overrides,
  };
}

function payout(event: number, authorisationId: string, amount: number, datetimeAuthorised: string): Payout {
  return {
    event,
    amount: rand(amount),
    datetimeAuthorised,
    originator: { merchant: { merchantId: 'M-0042' }, terminalId: 'T-0007' },
    merchantName: { name: 'Corner Spaza', city: 'Soweto', region: 'Gauteng' },
    recipientId: 'RCP-9',
    authorisationId,
  };
}

/**
 * A R500 voucher bought at a branch, partly redeemed (R200, confirmed) and redeemed again for R300
 * that the merchant never confirmed: REDEMPTION_AUTHORISED on its latest redemption.
 */
export function stuckVoucher(): OrderDetailResponse {
  return {
    order: senderOrder({ state: 'REDEMPTION_AUTHORISED', amount: rand(0) }),
    stateTransitions: [
      transition(
        3,
        'REDEMPTION_AUTHORISED',
        'AUTHORISE_REDEMPTION',
        'Redemption authorised',
        '2026-02-05T09:00:00.000Z',
        {
          eventAmount: rand(30000),
          remainingOrderAmount: rand(0),
          authorisationId: AUTH_ID,
        },
      ),
      transition(2, 'REDEEMABLE', 'CONFIRM_REDEMPTION', 'Redemption confirmed', '2026-02-04T08:30:05.000Z', {
        remainingOrderAmount: rand(30000),
        authorisationId: OLD_AUTH_ID,
      }),
      transition(
        2,
        'REDEMPTION_AUTHORISED',
        'AUTHORISE_REDEMPTION',
        'Redemption authorised',
        '2026-02-04T08:30:00.000Z',
        {
          eventAmount: rand(20000),
          remainingOrderAmount: rand(30000),
          authorisationId: OLD_AUTH_ID,
        },
      ),
      transition(1, 'REDEEMABLE', 'CONFIRM_PAYMENT', 'Payment confirmed', '2026-02-03T12:05:20.000Z'),
      transition(1, 'CREATED', 'CREATE', 'Voucher bought', '2026-02-03T12:05:09.000Z', {
        eventAmount: rand(50000),
      }),
    ],
    payment: {
      originator: { merchant: { merchantId: 'BR-001' }, terminalId: 'BT-01' },
      merchantName: { name: 'Main Branch', city: 'Johannesburg', region: 'Gauteng' },
      recipientId: null,
      authorisationId: null,
    },
    payouts: [
      payout(3, AUTH_ID, 30000, '2026-02-05T09:00:00.000Z'),
      payout(2, OLD_AUTH_ID, 20000, '2026-02-04T08:30:00.000Z'),
    ],
  };
}

/** A bought, paid voucher with its whole R500 left. */
export function redeemableVoucher(): OrderDetailResponse {
  const stuck = stuckVoucher();
  return {
    order: senderOrder({ state: 'REDEEMABLE', amount: rand(50000) }),
    stateTransitions: stuck.stateTransitions.filter((step) => step.event === 1),
    payment: stuck.payment,
    payouts: [],
  };
}
