import type { VouchersQuery } from '@web-control/contract/vouchers';

export const voucherKeys = {
  all: ['vouchers'] as const,
  searches: () => [...voucherKeys.all, 'search'] as const,
  search: (query: VouchersQuery) => [...voucherKeys.searches(), query] as const,
  byReference: (reference: string) => [...voucherKeys.all, 'by-reference', reference] as const,
  detail: (reference: string) => [...voucherKeys.all, 'detail', reference] as const,
};
