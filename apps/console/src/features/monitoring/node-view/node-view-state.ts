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

/** What a link asks for: a node (its instance too, when it names one) and a range, each or none. */
export interface AskedNodeView {
  instanceId?: string;
  nodeId?: string;
  timeRange?: z.infer<typeof timeRangeSchema>;
}

/**
 * The choice of the page: its navigation state when that is one, otherwise what its address names.
 * Each part holds alone: a range that does not read leaves the node, a range alone is kept.
 */
export function passedNodeViewState(state: unknown, search: URLSearchParams): AskedNodeView {
  const passed = nodeViewStateSchema.safeParse(state);
  if (passed.success) return passed.data;
  const range = timeRangeSchema.safeParse(search.get('range'));
  const [instanceId, nodeId] = [search.get('instance'), search.get('node')];
  return {
    ...(instanceId ? { instanceId } : {}),
    ...(nodeId ? { nodeId } : {}),
    ...(range.success ? { timeRange: range.data } : {}),
  };
}
