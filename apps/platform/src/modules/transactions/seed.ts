import { DEMO_ORIGINATOR_TYPES, DEMO_SERVICE_TYPES } from '../../db/demo-topology.ts';
import type { Db } from '../../db/schema.ts';

/** The service and originator types the demo switch's transactions carry; rows that exist are left alone. */
export async function seedTransactionTypes(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('service_types')
      .values(
        DEMO_SERVICE_TYPES.map((type, position) => ({
          service_type_id: type.id,
          service_desc: type.description,
          lb_service_id: type.serviceId,
          traffic_share: type.trafficShare,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('service_type_id').doNothing())
      .execute();
    await tx
      .insertInto('originator_types')
      .values(
        DEMO_ORIGINATOR_TYPES.map((type, position) => ({
          originator_type_id: type.id,
          originator_desc: type.description,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('originator_type_id').doNothing())
      .execute();
  });
}
