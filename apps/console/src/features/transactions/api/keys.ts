import type { TransactionLookup } from './look-up-transactions';

export const transactionKeys = {
  all: ['transactions'] as const,
  filterOptions: () => [...transactionKeys.all, 'filter-options'] as const,
  lookup: (lookup: TransactionLookup | null) => [...transactionKeys.all, 'lookup', lookup] as const,
  detail: (uuid: string) => [...transactionKeys.all, 'detail', uuid] as const,
  leg: (uuid: string) => [...transactionKeys.detail(uuid), 'leg'] as const,
  messages: (uuid: string) => [...transactionKeys.detail(uuid), 'messages'] as const,
};
