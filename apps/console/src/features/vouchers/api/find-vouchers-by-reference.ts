import { queryOptions, useQuery } from '@tanstack/react-query';
import { vouchersQuerySchema, type SenderOrder } from '@web-control/contract/vouchers';
import { voucherKeys } from './keys';
import { getVouchers } from './get-vouchers';

/** Shorter references match too much to be worth a lookup (as for transactions). */
export const MIN_VOUCHER_REFERENCE_LENGTH = 4;
/** The reference matches exactly: one voucher, but a page leaves room for a duplicate. */
const LOOKUP_LIMIT = 5;

/** A reference is one word; a screen's name being typed ("load bal") is not looked up. */
const ONE_WORD = /^\S+$/;

/** Whether a typed text is worth looking up as a voucher reference: one word, long enough, one the API accepts. */
export function isVoucherReferenceLookup(text: string): boolean {
  const reference = text.trim();
  return (
    reference.length >= MIN_VOUCHER_REFERENCE_LENGTH &&
    ONE_WORD.test(reference) &&
    vouchersQuerySchema.safeParse({ orderReference: reference }).success
  );
}

export async function findVouchersByReference(
  reference: string,
  signal?: AbortSignal,
): Promise<SenderOrder[]> {
  return (await getVouchers({ limit: LOOKUP_LIMIT, offset: 0, orderReference: reference }, signal))
    .senderOrders;
}

export function vouchersByReferenceQuery(reference: string, enabled = true) {
  const trimmed = reference.trim();
  return queryOptions({
    queryKey: voucherKeys.byReference(trimmed),
    queryFn: ({ signal }) => findVouchersByReference(trimmed, signal),
    enabled: enabled && isVoucherReferenceLookup(trimmed),
  });
}

/** The command palette's lookup; `enabled` is false without the voucher permissions. */
export function useVouchersByReference(reference: string, enabled: boolean) {
  return useQuery(vouchersByReferenceQuery(reference, enabled));
}
