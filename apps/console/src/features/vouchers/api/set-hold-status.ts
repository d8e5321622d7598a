import { errorMessageOf } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  voucherChangeResponseSchema,
  type HoldStatusBody,
  type holdStatusBodySchema,
  type OrderDetailResponse,
} from '@web-control/contract/vouchers';
import type { z } from 'zod';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader } from '../../../shared/http/idempotency';
import { VOUCHER_MESSAGES } from '../constants';
import { voucherKeys } from './keys';

interface SetHoldStatusInput {
  customerId: string;
  reference: string;
  body: HoldStatusBody;
  idempotencyKey: string;
}

export function setHoldStatus({
  customerId,
  reference,
  body,
  idempotencyKey,
}: SetHoldStatusInput): Promise<OrderDetailResponse> {
  const payload: z.input<typeof holdStatusBodySchema> = body;
  return request({
    api: 'moneyTransferApi',
    path: `/customer/${encodeURIComponent(customerId)}/order/${encodeURIComponent(reference)}/holdStatus`,
    method: 'PUT',
    headers: idempotencyHeader(idempotencyKey),
    body: payload,
    schema: voucherChangeResponseSchema,
  });
}

/**
 * The answer is the voucher as it now is: the detail shows it at once and the search lists reload.
 * Refused (someone changed it first), the detail reloads so the page shows why.
 */
export function useSetHoldStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHoldStatus,
    onSuccess: async (detail, { reference, body }) => {
      notifications.show({
        color: 'green',
        message: VOUCHER_MESSAGES.changed(body.onHold ? 'hold' : 'release', reference),
      });
      queryClient.setQueryData(voucherKeys.detail(reference), detail);
      await queryClient.invalidateQueries({ queryKey: voucherKeys.searches() });
    },
    onError: async (error, { reference, body }) => {
      notifications.show({
        color: 'red',
        message: errorMessageOf(
          error,
          VOUCHER_MESSAGES.changeFailed(body.onHold ? 'hold' : 'release', reference),
        ),
      });
      await queryClient.invalidateQueries({ queryKey: voucherKeys.detail(reference) });
    },
  });
}
