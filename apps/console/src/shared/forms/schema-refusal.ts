import type { z } from 'zod';

/**
 * Why the platform would refuse a field's value, by the contract's own schema for it (its first
 * issue's message), or null when it would take it. A form says it at the field instead of sending.
 */
export function schemaRefusal(schema: z.ZodType, value: unknown): string | null {
  const checked = schema.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}
