import { z } from 'zod';
import { text } from './inputs.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: text(),
  database: z.enum(['ready', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;

export const PRODUCT_VERSION = '1.22.0';
