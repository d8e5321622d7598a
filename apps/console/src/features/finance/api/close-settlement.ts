import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { closeSettlementBodySchema } from '@web-control/contract/finance-settlements';
import type { z } from 'zod';
import { errorMessageOf, isConflict } from '../../../shared/http/error-message';
import { requestWithoutResult } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { SETTLEMENTS_MESSAGES } from '../settlements/constants';
import { financeKeys } from './keys';

export function closeSettlement(settlementId: number, idempotencyKey: string): Promise<void> {
  const body: z.input<typeof closeSettlementBodySchema> = {};
  return requestWithoutResult({
    api: 'reconApi',
    path: `/settlements/${settlementId}/close`,
    method: 'POST',
    headers: idempotencyHeader(idempotencyKey),
    body,
  });
}

/** Closing settles the run's transactions, so the runs, the grid and the pills reload. */
export function useCloseSettlement() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (settlementId: number) => send(settlementId, (key) => closeSettlement(settlementId, key)),
    onSuccess: async (_result, settlementId) => {
      notifications.show({ color: 'green', message: SETTLEMENTS_MESSAGES.closed(settlementId) });
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
    onError: async (error, settlementId) => {
      notifications.show({
        color: 'red',
        message: SETTLEMENTS_MESSAGES.closeFailed(settlementId, errorMessageOf(error, null)),
      });
      // Closed by someone else meanwhile (409): the runs show it as it is now.
      if (isConflict(error)) await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
  });
}
