import { timeRangeSchema } from '@web-control/contract/monitoring';
import { z } from 'zod';

/**
 * What the 'view node' link of Health Overview carries in navigation state, and what the page keeps
 * there as the node or time range is changed: a reload or Back shows the node and range last chosen.
 */
export const nodeViewStateSchema = z.object({
  instanceId: z.string(),
  nodeId: z.string(),
  timeRange: timeRangeSchema.optional(),
});
export type NodeViewState = z.infer<typeof nodeViewStateSchema>;
