import { z } from 'zod';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: z.string(),
  database: z.enum(['ready', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;

export const PRODUCT_VERSION = '1.22.0';
