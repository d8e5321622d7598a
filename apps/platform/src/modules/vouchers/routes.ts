import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  holdStatusBodySchema,
  holdStatusParamsSchema,
  orderDetailResponseSchema,
  orderParamsSchema,
  redemptionParamsSchema,
  redemptionRollBodySchema,
  VOUCHER_EDIT_PERMISSION,
  VOUCHER_VIEW_PERMISSIONS,
  voucherChangeResponseSchema,
  vouchersQuerySchema,
  vouchersResponseSchema,
} from '@web-control/contract/vouchers';
import { actorOf } from '../../plugins/auth-guard.ts';
import { BEARER_SECURITY, permissions, refusals } from '../../plugins/route-helpers.ts';
import type { VouchersService } from './service.ts';

export interface VouchersRoutesOptions {
  service: VouchersService;
}

const TAGS = ['vouchers'];
const VIEW = permissions(...VOUCHER_VIEW_PERMISSIONS);
const CHANGE = { ...permissions(VOUCHER_EDIT_PERMISSION), idempotent: true };
const CHANGE_REFUSALS = refusals(404, 409, 422);

/** {moneytransfer}, mounted at /api/moneytransfer: voucher search, detail, hold and redemption support. */
export const vouchersRoutes: FastifyPluginCallbackZod<VouchersRoutesOptions> = (app, { service }, done) => {
  app.get(
    '/orders',
    {
      config: VIEW,
      schema: {
        tags: TAGS,
        summary:
          'Vouchers by reference and creation or last-change bounds, newest change first (newest created first when only creation bounds are given), paged',
        security: BEARER_SECURITY,
        querystring: vouchersQuerySchema,
        response: { 200: vouchersResponseSchema, ...refusals() },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    '/order/:reference',
    {
      config: VIEW,
      schema: {
        tags: TAGS,
        summary: 'One voucher with its history (newest first), its purchase and its redemptions',
        security: BEARER_SECURITY,
        params: orderParamsSchema,
        response: { 200: orderDetailResponseSchema, ...refusals(404) },
      },
    },
    async (request) => service.getOrder(request.params.reference),
  );

  app.put(
    '/customer/:customerId/order/:reference/holdStatus',
    {
      config: CHANGE,
      schema: {
        tags: TAGS,
        summary: 'Place a REDEEMABLE voucher on hold (onHold true) or release an ON_HOLD one, with a reason',
        security: BEARER_SECURITY,
        params: holdStatusParamsSchema,
        body: holdStatusBodySchema,
        response: { 200: voucherChangeResponseSchema, ...CHANGE_REFUSALS },
      },
    },
    async (request) =>
      service.setHoldStatus(
        actorOf(request),
        request.params.customerId,
        request.params.reference,
        request.body,
      ),
  );

  for (const direction of ['roll-back', 'roll-forward'] as const) {
    app.post(
      `/order/:reference/redemption/:authorisationId/${direction}`,
      {
        config: CHANGE,
        schema: {
          tags: TAGS,
          summary:
            direction === 'roll-back'
              ? 'Undo the most recent redemption while it is REDEMPTION_AUTHORISED (its amount returns to the balance)'
              : 'Complete the most recent redemption while it is REDEMPTION_AUTHORISED',
          security: BEARER_SECURITY,
          params: redemptionParamsSchema,
          body: redemptionRollBodySchema,
          response: { 200: voucherChangeResponseSchema, ...CHANGE_REFUSALS },
        },
      },
      async (request) => {
        const { reference, authorisationId } = request.params;
        const actor = actorOf(request);
        return direction === 'roll-back'
          ? service.rollBack(actor, reference, authorisationId, request.body)
          : service.rollForward(actor, reference, authorisationId, request.body);
      },
    );
  }
  done();
};
