import type { TransactionsQuery } from '@web-control/contract/transactions';

export const transactionKeys = {
  all: ['transactions'] as const,
  filterOptions: () => [...transactionKeys.all, 'filter-options'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (query: TransactionsQuery) => [...transactionKeys.lists(), query] as const,
  detail: (uuid: string) => [...transactionKeys.all, 'detail', uuid] as const,
  leg: (uuid: string) => [...transactionKeys.detail(uuid), 'leg'] as const,
  messages: (uuid: string) => [...transactionKeys.detail(uuid), 'messages'] as const,
};
