import { DEMO_INSTANCES, DEMO_SERVICES } from '../../db/demo-topology.ts';
import type { Db } from '../../db/schema.ts';

/**
 * The demo switch's data centres, nodes and store-and-forward queues (after the load balancer's
 * receivers, which the queues name). Rows that exist are left alone.
 */
export async function seedMonitoring(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('instances')
      .values(
        DEMO_INSTANCES.map((instance, position) => ({
          instance_id: instance.id,
          name: instance.name,
          description: instance.description,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('instance_id').doNothing())
      .execute();
    await tx
      .insertInto('nodes')
      .values(
        DEMO_INSTANCES.flatMap((instance, instancePosition) =>
          instance.nodes.map((node, position) => ({
            node_id: node.id,
            instance_id: instance.id,
            description: node.description,
            position: instancePosition * 100 + position,
          })),
        ),
      )
      .onConflict((conflict) => conflict.column('node_id').doNothing())
      .execute();
    await tx
      .insertInto('saf_queues')
      .values(
        DEMO_SERVICES.flatMap((service) => service.receivers)
          .filter((receiver) => receiver.storeAndForward)
          .flatMap((receiver) =>
            DEMO_INSTANCES.flatMap((instance) =>
              instance.nodes.map((node) => ({
                receiver_id: receiver.id,
                node_id: node.id,
                receiver_description: receiver.name,
              })),
            ),
          ),
      )
      .onConflict((conflict) => conflict.columns(['receiver_id', 'node_id']).doNothing())
      .execute();
  });
}
