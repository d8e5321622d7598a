import { errorMessageOf } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  voucherChangeResponseSchema,
  type OrderDetailResponse,
  type RedemptionRollBody,
  type redemptionRollBodySchema,
} from '@web-control/contract/vouchers';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader } from '../../../shared/http/idempotency';
import { VOUCHER_MESSAGES } from '../constants';
import { voucherKeys } from './keys';

export type RollDirection = 'roll-back' | 'roll-forward';

interface RollRedemptionInput {
  reference: string;
  authorisationId: string;
  direction: RollDirection;
  body: RedemptionRollBody;
  idempotencyKey: string;
}

/** POST {moneytransfer}/order/{reference}/redemption/{authorisationId}/roll-back or /roll-forward. */
export function rollRedemption({
  reference,
  authorisationId,
  direction,
  body,
  idempotencyKey,
}: RollRedemptionInput): Promise<OrderDetailResponse> {
  const payload: z.input<typeof redemptionRollBodySchema> = body;
  return request({
    api: 'moneyTransferApi',
    path: `/order/${encodeURIComponent(reference)}/redemption/${encodeURIComponent(authorisationId)}/${direction}`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body: payload,
    schema: voucherChangeResponseSchema,
  });
}

/** As for holds: the answer replaces the detail, lists reload, a refusal reloads the detail. */
export function useRollRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rollRedemption,
    onSuccess: async (detail, { reference, direction }) => {
      notifications.show({ color: 'green', message: VOUCHER_MESSAGES.changed(direction, reference) });
      queryClient.setQueryData(voucherKeys.detail(reference), detail);
      await queryClient.invalidateQueries({ queryKey: voucherKeys.searches() });
    },
    onError: async (error, { reference, direction }) => {
      notifications.show({
        color: 'red',
        message: errorMessageOf(error, VOUCHER_MESSAGES.changeFailed(direction, reference)),
      });
      await queryClient.invalidateQueries({ queryKey: voucherKeys.detail(reference) });
    },
  });
}
