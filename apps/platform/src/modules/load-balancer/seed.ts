import { DEMO_SERVICES } from '../../db/demo-topology.ts';
import type { Db } from '../../db/schema.ts';

/** The demo load-balanced services and receivers; rows that exist are left alone, so an operator's weights and switches survive restarts. */
export async function seedLoadBalancer(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('lb_services')
      .values(
        DEMO_SERVICES.map((service, position) => ({
          service_id: service.id,
          name: service.name,
          traffic_share: service.trafficShare,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('service_id').doNothing())
      .execute();
    await tx
      .insertInto('receivers')
      .values(
        DEMO_SERVICES.flatMap((service) =>
          service.receivers.map((receiver, position) => ({
            receiver_id: receiver.id,
            service_id: service.id,
            name: receiver.name,
            active: receiver.active,
            weight: receiver.weight,
            latency_median_ms: receiver.latencyMedianMs,
            latency_spread: receiver.latencySpread,
            failure_rate: receiver.failureRate,
            store_and_forward: receiver.storeAndForward,
            outage_every_seconds: receiver.outage?.everySeconds ?? null,
            outage_for_seconds: receiver.outage?.forSeconds ?? null,
            position,
          })),
        ),
      )
      .onConflict((conflict) => conflict.column('receiver_id').doNothing())
      .execute();
  });
}
