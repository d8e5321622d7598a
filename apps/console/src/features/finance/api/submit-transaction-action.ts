import { refusalText } from '../../../shared/http/error-message';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TRANSACTION_ACTION_PATHS,
  transactionActionResponseSchema,
  type ReconSelection,
  type ResolveActionBody,
  type TransactionAction,
  type TransactionActionBody,
  type TransactionActionResponse,
  type TransactionKey,
  type TransactionsByKeyBody,
} from '@web-control/contract/finance-results';
import { request } from '../../../shared/http/http-client';
import { idempotencyHeader, useIdempotentSend } from '../../../shared/http/idempotency';
import { RESULTS_MESSAGES } from '../results/constants';
import { reconQueryParams } from './get-recon-transactions';
import { financeKeys } from './keys';

/** The selected rows by key, or every transaction of the query by filter (fixed when requested). */
export type ActionTarget =
  | { kind: 'keys'; transactionKeys: TransactionKey[] }
  /** `selected`: how many the user saw selected, to say when the action holds fewer. */
  | { kind: 'filter'; selection: ReconSelection; selected: number };

export interface SubmitActionInput {
  processId: number;
  action: TransactionAction;
  target: ActionTarget;
  comment: string;
  /** Resolve names the correct party. */
  partyId?: number;
}

export function submitTransactionAction(
  input: SubmitActionInput,
  idempotencyKey: string,
): Promise<TransactionActionResponse> {
  const paths = TRANSACTION_ACTION_PATHS[input.action];
  const result: TransactionActionBody | ResolveActionBody =
    input.partyId === undefined
      ? { comment: input.comment }
      : { comment: input.comment, partyId: input.partyId };
  const { target } = input;
  const byKey = target.kind === 'keys';
  const body: TransactionActionBody | TransactionsByKeyBody = byKey
    ? { ...result, transactionKeys: target.transactionKeys }
    : result;
  return request({
    api: 'reconApi',
    path: `/processes/${input.processId}/actions/${byKey ? paths.byKey : paths.byFilter}`,
    method: 'POST',
    query: byKey ? undefined : reconQueryParams(target.selection),
    headers: idempotencyHeader(idempotencyKey),
    body,
    schema: transactionActionResponseSchema,
  });
}

/** The request becomes a pending action: the approvals, their badge and the grid reload. */
export function useSubmitTransactionAction() {
  const queryClient = useQueryClient();
  const send = useIdempotentSend();
  return useMutation({
    mutationFn: (input: SubmitActionInput) => send(input, (key) => submitTransactionAction(input, key)),
    onSuccess: async ({ transactionCount }, { target }) => {
      const fewer = target.kind === 'filter' && transactionCount < target.selected;
      notifications.show({
        color: 'green',
        message: fewer
          ? RESULTS_MESSAGES.actionHoldsFewer(transactionCount, target.selected)
          : RESULTS_MESSAGES.actionSubmitted,
      });
      await queryClient.invalidateQueries({ queryKey: financeKeys.all });
    },
    onError: (error) => {
      notifications.show({ color: 'red', message: refusalText(error, RESULTS_MESSAGES.actionFailed) });
    },
  });
}
