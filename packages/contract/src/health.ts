import { z } from 'zod';
import { text } from './inputs.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  version: text(),
  database: z.enum(['ready', 'unavailable']),
});
export type Health = z.infer<typeof healthSchema>;

export const PRODUCT_VERSION = '1.22.0';

/** `GET /api/health/live`: the process answers; says nothing about the database. */
export const livenessSchema = z.object({ status: z.literal('ok'), version: text() });
export type Liveness = z.infer<typeof livenessSchema>;

/** `GET /api/health/ready`: whether a load balancer should send this instance traffic. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ready', 'unavailable']),
  /** `pending`: this instance's code expects migrations the database has not run. */
  migrations: z.enum(['current', 'pending', 'unknown']),
});
export type Readiness = z.infer<typeof readinessSchema>;
