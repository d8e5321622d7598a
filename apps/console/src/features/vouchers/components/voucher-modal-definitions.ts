import type { HoldStatusBody, RedemptionRollBody } from '@web-control/contract/vouchers';
import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyComponent } from '../../../shared/lazy-component';
import type { RollDirection } from '../api/roll-redemption';
import { DETAIL_TEXTS } from '../constants';

// The modals' content loads apart from the page: preloaded when it is idle, or when one is opened.
const HoldContent = lazyComponent(async () => (await import('./voucher-modals')).HoldContent);
const RollContent = lazyComponent(async () => (await import('./voucher-modals')).RollContent);

/**
 * The page passes the change as a function, run through the queue's submit so the modal shows it
 * submitting and keeps its error; the modal gives it the request's Idempotency-Key.
 */
export interface HoldParams {
  reference: string;
  /** True places the hold, false releases it. */
  onHold: boolean;
  apply: (body: HoldStatusBody, idempotencyKey: string) => Promise<unknown>;
}

export interface RollParams {
  reference: string;
  direction: RollDirection;
  apply: (body: RedemptionRollBody, idempotencyKey: string) => Promise<unknown>;
}

/** Place on Hold / Release Hold, with the required comment (specification 3, section 5). */
export const holdModal: ModalDefinition<HoldParams, true> = {
  type: 'voucher-hold',
  title: (params) => (params.onHold ? DETAIL_TEXTS.placeOnHold : DETAIL_TEXTS.releaseHold),
  Content: HoldContent,
};

/** Roll Back / Roll Forward, with the required support id and comment. */
export const rollModal: ModalDefinition<RollParams, true> = {
  type: 'voucher-roll',
  title: (params) => (params.direction === 'roll-back' ? DETAIL_TEXTS.rollBack : DETAIL_TEXTS.rollForward),
  Content: RollContent,
};

/** The modals the voucher page opens, preloaded once it has shown. */
export const VOUCHER_MODALS = [holdModal, rollModal];
