import { z } from 'zod';

/**
 * Edit versions (users, roles, receivers): a save names the version it was made against in
 * `If-Match: "<version>"`; a stale one answers 409 CONFLICT with the current state in `details`.
 */
export const IF_MATCH_HEADER = 'if-match';

/** Every version starts at 1 and rises by one per change. */
export const versionSchema = z.number().int().min(1);

const ENTITY_TAG_PATTERN = /^"([1-9][0-9]{0,9})"$/;

/** The If-Match (and ETag) value of a version: the number in quotes. */
export function entityTagOf(version: number): string {
  return `"${version}"`;
}

/** The version an If-Match value names; undefined when it is not one version in quotes. */
export function versionOfEntityTag(tag: string): number | undefined {
  const digits = ENTITY_TAG_PATTERN.exec(tag.trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
}

/** The details of a 409 for a stale version: the resource as it is now. */
export function staleVersionDetailsSchema<T extends z.ZodType>(current: T) {
  return z.object({ current });
}
