import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  transactionsQuerySchema,
  transactionsResponseSchema,
  type Transaction,
} from '@web-control/contract/transactions';
import { request } from '../../../shared/http/http-client';
import { transactionKeys } from './keys';

/** Shorter references match too much to be worth a lookup. */
export const MIN_REFERENCE_LENGTH = 4;

/** Whether a typed text is worth looking up as a reference: long enough, and one the API accepts. */
export function isReferenceLookup(text: string): boolean {
  const reference = text.trim();
  return reference.length >= MIN_REFERENCE_LENGTH && transactionsQuerySchema.safeParse({ reference }).success;
}

/** The transactions with exactly this reference, whenever they started (no date filter). */
export async function findTransactionsByReference(
  reference: string,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  return (
    await request({
      api: 'ecsApi',
      path: '/transactions',
      query: { reference },
      schema: transactionsResponseSchema,
      signal,
    })
  ).transactions;
}

export function transactionsByReferenceQuery(reference: string) {
  const trimmed = reference.trim();
  return queryOptions({
    queryKey: transactionKeys.byReference(trimmed),
    queryFn: ({ signal }) => findTransactionsByReference(trimmed, signal),
    enabled: isReferenceLookup(trimmed),
  });
}

export function useTransactionsByReference(reference: string) {
  return useQuery(transactionsByReferenceQuery(reference));
}
