/**
 * Voucher references: 12 digits that do not reveal the order of purchase, one per id (a bijection
 * of the id modulo 9×10^11, whose multiplier shares no factor with it), so they never collide.
 */
const REFERENCE_SPACE = 900_000_000_000n;
const REFERENCE_MULTIPLIER = 91_138_233_547n;
const REFERENCE_OFFSET = 27_644_437n;
export function referenceOfId(id: number): string {
  const scrambled = (BigInt(id) * REFERENCE_MULTIPLIER + REFERENCE_OFFSET) % REFERENCE_SPACE;
  return (100_000_000_000n + scrambled).toString();
}
