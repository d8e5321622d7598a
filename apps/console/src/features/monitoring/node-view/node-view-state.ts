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

/**
 * The same choice in the address (`?instance=…&node=…&range=…`), so a link opened in a new tab,
 * bookmarked or shared shows it too; navigation state, where the specification carries it, wins.
 */
export function nodeViewSearch(state: NodeViewState): string {
  const search = new URLSearchParams({ instance: state.instanceId, node: state.nodeId });
  if (state.timeRange !== undefined) search.set('range', state.timeRange);
  return `?${search.toString()}`;
}

/**
 * The choice of the page: its navigation state when that is one, otherwise what its address names
 * (a range that does not read is left out, so the node still holds).
 */
export function passedNodeViewState(state: unknown, search: URLSearchParams): unknown {
  if (nodeViewStateSchema.safeParse(state).success) return state;
  const range = timeRangeSchema.safeParse(search.get('range'));
  return {
    instanceId: search.get('instance'),
    nodeId: search.get('node'),
    ...(range.success ? { timeRange: range.data } : {}),
  };
}
