import {
  voucherPagingOf,
  type HoldStatusBody,
  type OrderDetailResponse,
  type RedemptionRollBody,
  type VoucherState,
  type VouchersQuery,
  type VouchersResponse,
} from '@web-control/contract/vouchers';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { VOUCHER_DESCRIPTIONS, VOUCHER_MESSAGES, type RollVerb } from './messages.ts';
import { createVouchersRepository, type VoucherRow } from './repository.ts';
import { createVoucherSwitchEvents, settledState } from './switch-events.ts';
import { detailOf, orderOf, voucherSearchOf } from './voucher-views.ts';

export interface VouchersServiceDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
}

/**
 * The voucher state machine. Every transition is one conditional update on the current state plus
 * its history row, in one database transaction: of two racing changes one wins and the other is
 * refused with 409. Staff changes (hold, release, roll back, roll forward) are audited with who and
 * why; the switch's own (purchase, redemption, refund, expiry) are recorded in the history only.
 */
export function createVouchersService(deps: VouchersServiceDeps) {
  const { db, clock } = deps;
  const repository = createVouchersRepository();
  const runAudited = createAuditedChange({ db, audit: deps.audit });

  async function detail(executor: DbExecutor, voucher: VoucherRow): Promise<OrderDetailResponse> {
    const id = Number(voucher.id);
    const [transitions, payments] = [
      await repository.listTransitions(executor, id),
      await repository.listPayments(executor, id),
    ];
    return detailOf(voucher, transitions, payments);
  }

  async function reload(executor: DbExecutor, voucher: VoucherRow): Promise<OrderDetailResponse> {
    const current = await repository.findById(executor, Number(voucher.id));
    if (current === undefined) throw notFound(VOUCHER_MESSAGES.notFound(voucher.reference));
    return detail(executor, current);
  }

  async function requireVoucher(executor: DbExecutor, reference: string): Promise<VoucherRow> {
    const voucher = await repository.findByReference(executor, reference);
    if (voucher === undefined) throw notFound(VOUCHER_MESSAGES.notFound(reference));
    return voucher;
  }

  /** The loser of a race: the row is no longer in the state that was checked. */
  async function racedRefusal(executor: DbExecutor, voucher: VoucherRow) {
    const current = await repository.findById(executor, Number(voucher.id));
    return conflict(VOUCHER_MESSAGES.raced(voucher.reference, current?.state ?? voucher.state));
  }

  async function roll(
    actor: Actor,
    reference: string,
    authorisationId: string,
    body: RedemptionRollBody,
    direction: 'back' | 'forward',
  ): Promise<OrderDetailResponse> {
    const verb: RollVerb = direction === 'back' ? 'rolled back' : 'rolled forward';
    return runAudited(
      actor,
      {
        action: direction === 'back' ? 'voucher.redemption.roll-back' : 'voucher.redemption.roll-forward',
        target: { reference, authorisationId, supportId: body.supportId, comment: body.comment },
      },
      async (tx) => {
        const voucher = await requireVoucher(tx, reference);
        const id = Number(voucher.id);
        const redemption = await repository.findRedemption(tx, id, authorisationId);
        if (redemption === undefined)
          throw notFound(VOUCHER_MESSAGES.noRedemption(reference, authorisationId));
        if (voucher.state !== 'REDEMPTION_AUTHORISED') {
          throw conflict(VOUCHER_MESSAGES.cannotRoll(reference, voucher.state, verb));
        }
        const latest = await repository.latestRedemption(tx, id);
        if (latest?.event !== redemption.event) {
          throw conflict(VOUCHER_MESSAGES.notLatest(reference, authorisationId, verb));
        }
        const amount = Number(redemption.amount_minor);
        const balance = Number(voucher.balance_minor);
        const to = direction === 'back' ? 'REDEEMABLE' : settledState(balance);
        const at = clock.now();
        const changed = await repository.changeState(tx, {
          voucherId: id,
          from: 'REDEMPTION_AUTHORISED',
          to,
          at,
          balanceDeltaMinor: direction === 'back' ? amount : 0,
          opensEvent: false,
        });
        if (changed === undefined) throw await racedRefusal(tx, voucher);
        await repository.insertTransitions(tx, [
          {
            voucherId: id,
            event: redemption.event,
            state: to,
            action: direction === 'back' ? 'ROLL_BACK' : 'ROLL_FORWARD',
            description:
              direction === 'back'
                ? VOUCHER_DESCRIPTIONS.rollBack(body.supportId, body.comment)
                : VOUCHER_DESCRIPTIONS.rollForward(body.supportId, body.comment),
            at,
            eventAmountMinor: amount,
            remainingMinor: changed.balanceMinor,
            authorisationId,
            username: actor.username,
            supportId: body.supportId,
          },
        ]);
        return reload(tx, voucher);
      },
    );
  }

  return {
    ...createVoucherSwitchEvents(repository),

    async search(query: VouchersQuery): Promise<VouchersResponse> {
      const { rows, total } = await repository.search(db, voucherSearchOf(query));
      return { senderOrders: rows.map(orderOf), paging: voucherPagingOf(query, total, rows.length) };
    },

    async getOrder(reference: string): Promise<OrderDetailResponse> {
      return detail(db, await requireVoucher(db, reference));
    },

    /** REDEEMABLE → ON_HOLD (onHold) or ON_HOLD → REDEEMABLE; the reason goes into the history. */
    async setHoldStatus(
      actor: Actor,
      customerId: string,
      reference: string,
      body: HoldStatusBody,
    ): Promise<OrderDetailResponse> {
      return runAudited(
        actor,
        {
          action: body.onHold ? 'voucher.hold' : 'voucher.release',
          target: { reference, customerId, onHold: body.onHold, comment: body.reason },
        },
        async (tx) => {
          const voucher = await repository.findByReference(tx, reference);
          if (voucher?.customer_id !== customerId) {
            throw notFound(VOUCHER_MESSAGES.notFoundForCustomer(reference, customerId));
          }
          const from: VoucherState = body.onHold ? 'REDEEMABLE' : 'ON_HOLD';
          if (voucher.state !== from) {
            throw conflict(
              body.onHold
                ? VOUCHER_MESSAGES.cannotHold(reference, voucher.state)
                : VOUCHER_MESSAGES.cannotRelease(reference, voucher.state),
            );
          }
          const to: VoucherState = body.onHold ? 'ON_HOLD' : 'REDEEMABLE';
          const at = clock.now();
          const changed = await repository.changeState(tx, {
            voucherId: Number(voucher.id),
            from,
            to,
            at,
            opensEvent: true,
          });
          if (changed === undefined) throw await racedRefusal(tx, voucher);
          await repository.insertTransitions(tx, [
            {
              voucherId: Number(voucher.id),
              event: changed.event,
              state: to,
              action: body.onHold ? 'PLACE_HOLD' : 'RELEASE_HOLD',
              description: body.onHold
                ? VOUCHER_DESCRIPTIONS.placeHold(body.reason)
                : VOUCHER_DESCRIPTIONS.releaseHold(body.reason),
              at,
              eventAmountMinor: null,
              remainingMinor: changed.balanceMinor,
              authorisationId: null,
              username: actor.username,
              supportId: null,
            },
          ]);
          return reload(tx, voucher);
        },
      );
    },

    rollBack: (actor: Actor, reference: string, authorisationId: string, body: RedemptionRollBody) =>
      roll(actor, reference, authorisationId, body, 'back'),

    rollForward: (actor: Actor, reference: string, authorisationId: string, body: RedemptionRollBody) =>
      roll(actor, reference, authorisationId, body, 'forward'),

    repository,
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
