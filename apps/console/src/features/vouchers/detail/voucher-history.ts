import {
  rollableAuthorisationIdOf,
  type Money,
  type OrderDetailResponse,
  type PaymentInfo,
  type StateTransition,
  type VoucherState,
} from '@web-control/contract/vouchers';

/** One event of the History: the transitions sharing an `event`, shown as one entry. */
export interface VoucherEvent {
  event: number;
  /** The event's latest transition: its state, description and time stand for the event. */
  state: VoucherState;
  actionDescription: string;
  datetimeUpdated: string;
  /** The money the event moved: its first transition that moved any; null when none did. */
  eventAmount: Money | null;
  /** Oldest first: the order balance table, one row per step. */
  steps: StateTransition[];
  /** Where the money moved: the purchase's payment, or the redemption's payout. */
  payment: PaymentInfo | null;
  isRedemption: boolean;
  /** A redemption's switch transaction (its trace page). */
  authorisationId: string | null;
  /** Roll back and roll forward act on this event (the latest redemption, still authorised). */
  rollable: boolean;
}

const PURCHASE_ACTIONS = new Set(['CREATE', 'CONFIRM_PAYMENT']);

/**
 * The History, newest event first. Transitions come newest first and an event's are kept
 * together by their `event` number; the purchase carries the order's payment, a redemption its
 * payout. Roll back and forward are enabled only on the most recent redemption while the voucher is
 * REDEMPTION_AUTHORISED (specification 3, section 4).
 */
export function groupHistory(detail: OrderDetailResponse): VoucherEvent[] {
  const byEvent = new Map<number, StateTransition[]>();
  for (const transition of detail.stateTransitions) {
    const steps = byEvent.get(transition.event);
    if (steps) steps.push(transition);
    else byEvent.set(transition.event, [transition]);
  }
  const rollable = rollableAuthorisationIdOf(detail);
  const latestRedemption = Math.max(-Infinity, ...detail.payouts.map((payout) => payout.event));

  return [...byEvent.entries()]
    .sort(([a], [b]) => b - a)
    .map(([event, newestFirst]) => {
      const steps = [...newestFirst].sort(
        (a, b) => Date.parse(a.datetimeUpdated) - Date.parse(b.datetimeUpdated) || a.id - b.id,
      );
      // Never empty: a map entry is made with its first transition.
      const latest = steps[steps.length - 1] as StateTransition;
      const payout = detail.payouts.find((candidate) => candidate.event === event);
      const isPurchase = steps.some((step) => PURCHASE_ACTIONS.has(step.action));
      const authorisationId =
        payout?.authorisationId ??
        steps.find((step) => step.authorisationId !== null)?.authorisationId ??
        null;
      const isRedemption =
        payout !== undefined || steps.some((step) => step.action === 'AUTHORISE_REDEMPTION');
      return {
        event,
        state: latest.state,
        actionDescription: latest.actionDescription,
        datetimeUpdated: latest.datetimeUpdated,
        eventAmount: steps.find((step) => step.eventAmount !== null)?.eventAmount ?? null,
        steps,
        payment: payout ?? (isPurchase ? detail.payment : null),
        isRedemption,
        authorisationId,
        rollable:
          isRedemption && rollable !== null && event === latestRedemption && authorisationId === rollable,
      };
    });
}
