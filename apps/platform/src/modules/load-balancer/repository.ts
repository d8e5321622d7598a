import type { DbExecutor } from '../../db/schema.ts';

export interface ReceiverRecord {
  id: string;
  serviceId: string;
  name: string;
  active: boolean;
  weight: number;
  version: number;
  throughput: number | null;
  successRate: number | null;
  trafficUpdatedAt: Date | null;
  latestChange: { status: string; time: Date } | undefined;
}

export interface ServiceRecord {
  id: string;
  name: string;
}

export function createLoadBalancerRepository() {
  return {
    async listServices(executor: DbExecutor): Promise<ServiceRecord[]> {
      const rows = await executor
        .selectFrom('lb_services')
        .select(['service_id', 'name'])
        .orderBy('position')
        .orderBy('service_id')
        .execute();
      return rows.map((row) => ({ id: row.service_id, name: row.name }));
    },

    async findService(executor: DbExecutor, serviceId: string): Promise<ServiceRecord | undefined> {
      const row = await executor
        .selectFrom('lb_services')
        .select(['service_id', 'name'])
        .where('service_id', '=', serviceId)
        .executeTakeFirst();
      return row === undefined ? undefined : { id: row.service_id, name: row.name };
    },

    /**
     * Receivers (of one service, or all; or the one receiver named) with their live figures and
     * newest status change.
     */
    async listReceivers(
      executor: DbExecutor,
      serviceId?: string,
      receiverId?: string,
    ): Promise<ReceiverRecord[]> {
      let query = executor
        .selectFrom('receivers')
        .leftJoin('receiver_traffic', 'receiver_traffic.receiver_id', 'receivers.receiver_id')
        .leftJoinLateral(
          (eb) =>
            eb
              .selectFrom('receiver_changes')
              .select(['receiver_changes.current_status', 'receiver_changes.changed_at'])
              .whereRef('receiver_changes.receiver_id', '=', 'receivers.receiver_id')
              .orderBy('receiver_changes.changed_at', 'desc')
              .orderBy('receiver_changes.change_id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select([
          'receivers.receiver_id',
          'receivers.service_id',
          'receivers.name',
          'receivers.active',
          'receivers.weight',
          'receivers.version',
          'receiver_traffic.throughput',
          'receiver_traffic.success_rate',
          'receiver_traffic.updated_at',
          'latest.current_status',
          'latest.changed_at',
        ]);
      if (serviceId !== undefined) {
        query = query.where('receivers.service_id', '=', serviceId);
      }
      if (receiverId !== undefined) {
        query = query.where('receivers.receiver_id', '=', receiverId);
      }
      const rows = await query.orderBy('receivers.position').orderBy('receivers.receiver_id').execute();
      return rows.map((row) => ({
        id: row.receiver_id,
        serviceId: row.service_id,
        name: row.name,
        active: row.active,
        weight: row.weight,
        version: row.version,
        throughput: row.throughput,
        successRate: row.success_rate,
        trafficUpdatedAt: row.updated_at,
        latestChange:
          row.current_status === null || row.changed_at === null
            ? undefined
            : { status: row.current_status, time: row.changed_at },
      }));
    },

    /** Locks the receiver's row for the change; undefined when it is not a receiver of this service. */
    async findReceiverForUpdate(executor: DbExecutor, serviceId: string, receiverId: string) {
      return executor
        .selectFrom('receivers')
        .select(['receiver_id', 'name', 'active', 'weight', 'version'])
        .where('receiver_id', '=', receiverId)
        .where('service_id', '=', serviceId)
        .forUpdate()
        .executeTakeFirst();
    },

    async latestStatus(executor: DbExecutor, receiverId: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('receiver_changes')
        .select('current_status')
        .where('receiver_id', '=', receiverId)
        .orderBy('changed_at', 'desc')
        .orderBy('change_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.current_status;
    },

    /**
     * Changes the receiver and raises its version, only while the version is still `expected`
     * (when given): the new version, or undefined when someone else's change came first.
     */
    async updateReceiver(
      executor: DbExecutor,
      receiverId: string,
      change: { active: boolean } | { weight: number },
      expected: number | undefined,
    ): Promise<number | undefined> {
      let query = executor
        .updateTable('receivers')
        .set((eb) => ({ ...change, version: eb('version', '+', 1) }))
        .where('receiver_id', '=', receiverId);
      if (expected !== undefined) {
        query = query.where('version', '=', expected);
      }
      return (await query.returning('version').executeTakeFirst())?.version;
    },

    async insertChange(
      executor: DbExecutor,
      change: { receiverId: string; status: string; time: Date; actor: string; reason: string },
    ): Promise<void> {
      await executor
        .insertInto('receiver_changes')
        .values({
          receiver_id: change.receiverId,
          current_status: change.status,
          changed_at: change.time,
          actor: change.actor,
          reason: change.reason,
        })
        .execute();
    },
  };
}
