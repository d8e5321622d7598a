import type { DbExecutor } from '../db/schema.ts';
import type { NodeMetricPoint, ReceiverFigures, SafQueueState, Topology } from './engine.ts';

/**
 * The simulator stands in for the switch, which in production writes these tables itself; so it
 * is the one writer of metric points, queues, receiver figures and status changes.
 */
export function createSimulatorRepository() {
  return {
    async loadTopology(executor: DbExecutor): Promise<Topology> {
      const nodes = await executor
        .selectFrom('nodes')
        .innerJoin('instances', 'instances.instance_id', 'nodes.instance_id')
        .select(['nodes.node_id', 'nodes.instance_id', 'nodes.description', 'instances.name'])
        .orderBy('instances.position')
        .orderBy('nodes.position')
        .orderBy('nodes.node_id')
        .execute();
      const services = await executor
        .selectFrom('lb_services')
        .select(['service_id', 'traffic_share'])
        .orderBy('position')
        .orderBy('service_id')
        .execute();
      const receivers = await executor
        .selectFrom('receivers')
        .selectAll()
        .orderBy('position')
        .orderBy('receiver_id')
        .execute();
      return {
        nodes: nodes.map((node) => ({
          id: node.node_id,
          instanceId: node.instance_id,
          description: `${node.name} / ${node.description}`,
        })),
        services: services.map((service) => ({
          id: service.service_id,
          trafficShare: service.traffic_share,
          receivers: receivers
            .filter((receiver) => receiver.service_id === service.service_id)
            .map((receiver) => ({
              id: receiver.receiver_id,
              serviceId: receiver.service_id,
              name: receiver.name,
              active: receiver.active,
              weight: receiver.weight,
              latencyMedianMs: receiver.latency_median_ms,
              latencySpread: receiver.latency_spread,
              failureRate: receiver.failure_rate,
              storeAndForward: receiver.store_and_forward,
              outageEverySeconds: receiver.outage_every_seconds,
              outageForSeconds: receiver.outage_for_seconds,
            })),
        })),
      };
    },

    async loadSafQueues(executor: DbExecutor): Promise<SafQueueState[]> {
      const rows = await executor
        .selectFrom('saf_queues')
        .select(['receiver_id', 'node_id', 'length', 'retransmits'])
        .orderBy('receiver_id')
        .orderBy('node_id')
        .execute();
      return rows.map((row) => ({
        receiverId: row.receiver_id,
        nodeId: row.node_id,
        length: row.length,
        retransmits: row.retransmits,
      }));
    },

    async saveSafQueues(
      executor: DbExecutor,
      queues: ReadonlyArray<SafQueueState & { receiverDescription: string }>,
      time: Date,
    ): Promise<void> {
      if (queues.length === 0) {
        return;
      }
      await executor
        .insertInto('saf_queues')
        .values(
          queues.map((queue) => ({
            receiver_id: queue.receiverId,
            node_id: queue.nodeId,
            receiver_description: queue.receiverDescription,
            length: queue.length,
            retransmits: queue.retransmits,
            updated_at: time,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['receiver_id', 'node_id']).doUpdateSet((eb) => ({
            length: eb.ref('excluded.length'),
            retransmits: eb.ref('excluded.retransmits'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    /** Inserts points, skipping any (node, time) already stored. */
    async insertMetricPoints(executor: DbExecutor, points: readonly NodeMetricPoint[]): Promise<void> {
      if (points.length === 0) {
        return;
      }
      await executor
        .insertInto('metric_points')
        .values(
          points.map((point) => ({
            node_id: point.nodeId,
            time: point.time,
            tps_5min: point.tps5min,
            tps_5min_agg: point.tps5minAgg,
            total_messages: point.totalMessages,
            percentile50: point.percentile50,
            percentile95: point.percentile95,
            percentile99: point.percentile99,
          })),
        )
        .onConflict((conflict) => conflict.columns(['node_id', 'time']).doNothing())
        .execute();
    },

    async latestMetricTime(executor: DbExecutor): Promise<Date | undefined> {
      const row = await executor
        .selectFrom('metric_points')
        .select('time')
        .orderBy('time', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.time;
    },

    /** Each node's newest point at or before `time` (its daily total carries on from there). */
    async latestPointsAt(
      executor: DbExecutor,
      time: Date,
    ): Promise<Array<{ nodeId: string; time: Date; totalMessages: number }>> {
      const rows = await executor
        .selectFrom('nodes')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('metric_points')
              .select(['metric_points.time', 'metric_points.total_messages'])
              .whereRef('metric_points.node_id', '=', 'nodes.node_id')
              .where('metric_points.time', '<=', time)
              .orderBy('metric_points.time', 'desc')
              .orderBy('metric_points.id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select(['nodes.node_id', 'latest.time', 'latest.total_messages'])
        .execute();
      return rows.map((row) => ({
        nodeId: row.node_id,
        time: row.time,
        totalMessages: Number(row.total_messages),
      }));
    },

    async pruneMetricPoints(executor: DbExecutor, before: Date): Promise<void> {
      await executor.deleteFrom('metric_points').where('time', '<', before).execute();
    },

    /** A receiver without requests in the window keeps the success rate last seen (100 at the very start). */
    async saveReceiverFigures(
      executor: DbExecutor,
      figures: readonly ReceiverFigures[],
      time: Date,
    ): Promise<void> {
      const withRate = figures.filter((figure) => figure.successRate !== null);
      const withoutRate = figures.filter((figure) => figure.successRate === null);
      if (withRate.length > 0) {
        await executor
          .insertInto('receiver_traffic')
          .values(
            withRate.map((figure) => ({
              receiver_id: figure.receiverId,
              throughput: figure.throughput,
              success_rate: figure.successRate ?? 100,
              updated_at: time,
            })),
          )
          .onConflict((conflict) =>
            conflict.column('receiver_id').doUpdateSet((eb) => ({
              throughput: eb.ref('excluded.throughput'),
              success_rate: eb.ref('excluded.success_rate'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
      if (withoutRate.length > 0) {
        await executor
          .insertInto('receiver_traffic')
          .values(
            withoutRate.map((figure) => ({
              receiver_id: figure.receiverId,
              throughput: figure.throughput,
              success_rate: 100,
              updated_at: time,
            })),
          )
          .onConflict((conflict) =>
            conflict.column('receiver_id').doUpdateSet((eb) => ({
              throughput: eb.ref('excluded.throughput'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          )
          .execute();
      }
    },

    async latestStatuses(executor: DbExecutor): Promise<Map<string, string>> {
      const rows = await executor
        .selectFrom('receivers')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('receiver_changes')
              .select('receiver_changes.current_status')
              .whereRef('receiver_changes.receiver_id', '=', 'receivers.receiver_id')
              .orderBy('receiver_changes.changed_at', 'desc')
              .orderBy('receiver_changes.change_id', 'desc')
              .limit(1)
              .as('latest'),
          (join) => join.onTrue(),
        )
        .select(['receivers.receiver_id', 'latest.current_status'])
        .execute();
      return new Map(rows.map((row) => [row.receiver_id, row.current_status]));
    },

    async insertStatusChanges(
      executor: DbExecutor,
      changes: ReadonlyArray<{ receiverId: string; status: string; reason: string }>,
      time: Date,
    ): Promise<void> {
      if (changes.length === 0) {
        return;
      }
      await executor
        .insertInto('receiver_changes')
        .values(
          changes.map((change) => ({
            receiver_id: change.receiverId,
            current_status: change.status,
            changed_at: time,
            actor: null,
            reason: change.reason,
          })),
        )
        .execute();
    },
  };
}
