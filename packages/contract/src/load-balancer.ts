import { z } from 'zod';
import { text } from './inputs.ts';
import { numberFromText, wholeNumber } from './validation.ts';
import { staleVersionDetailsSchema, versionSchema } from './versions.ts';

/** The load balancer (VIEW_LOAD_BALANCER to read, EDIT_LOAD_BALANCER to change). */
export const RECEIVER_WEIGHT_MIN = 0;
export const RECEIVER_WEIGHT_MAX = 1000;

/** currentStatus is free text from the switch (e.g. 'up', 'down', 'degraded'); absent: 'unknown'. */
export const latestChangeSchema = z.object({ currentStatus: text(), time: z.iso.datetime().optional() });

export const serviceSchema = z.object({
  id: text(),
  name: text(),
  latestChange: latestChangeSchema.optional(),
});
export type Service = z.infer<typeof serviceSchema>;
export const servicesResponseSchema = z.object({ services: z.array(serviceSchema) });

export const receiverSchema = z.object({
  id: text(),
  name: text(),
  isActive: z.boolean(),
  weight: z.number().int(),
  /** Requests per second. */
  throughput: z.number(),
  /** Percent, 0 to 100. */
  successRate: z.number(),
  latestChange: latestChangeSchema.optional(),
  /** Sent back in If-Match when the weight or the active switch is changed. */
  version: versionSchema,
});
export type Receiver = z.infer<typeof receiverSchema>;

/** The details of a 409 for a stale receiver: the receiver as it is now. */
export const staleReceiverDetailsSchema = staleVersionDetailsSchema(receiverSchema);
export const receiversResponseSchema = z.object({ receivers: z.array(receiverSchema) });

export const setReceiverActiveSchema = z.object({ active: z.boolean() });
export const setReceiverWeightSchema = z.object({
  weight: wholeNumber(RECEIVER_WEIGHT_MIN, RECEIVER_WEIGHT_MAX),
});

/** The console's weight field: its text must read as the weight the platform accepts. */
export const receiverWeightFormSchema = z.object({
  weight: numberFromText(setReceiverWeightSchema.shape.weight),
});

/**
 * The share of traffic each receiver would carry: active receivers in proportion to their weight.
 * Used by the console's projection before a change and by the simulator's routing.
 */
export function projectTrafficShares(
  receivers: ReadonlyArray<Pick<Receiver, 'id' | 'isActive' | 'weight'>>,
): Map<string, number> {
  const total = receivers.reduce((sum, receiver) => sum + (receiver.isActive ? receiver.weight : 0), 0);
  return new Map(
    receivers.map((receiver) => [receiver.id, total > 0 && receiver.isActive ? receiver.weight / total : 0]),
  );
}

/**
 * The statuses this platform reports as latestChange.currentStatus: a receiver is 'up', 'down'
 * (not answering) or 'inactive' (switched off); a service is 'up', 'degraded' (an active receiver
 * is down) or 'down' (no active receiver is up). Other switches may report other text.
 */
export const LB_STATUSES = ['up', 'degraded', 'down', 'inactive'] as const;
export type LbStatus = (typeof LB_STATUSES)[number];
