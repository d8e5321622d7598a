import { z } from 'zod';

/** What the 'view node' link of Health Overview carries in navigation state. */
export const nodeViewStateSchema = z.object({ instanceId: z.string(), nodeId: z.string() });
export type NodeViewState = z.infer<typeof nodeViewStateSchema>;
