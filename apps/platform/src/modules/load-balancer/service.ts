import type { z } from 'zod';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { LbStatus, Receiver, Service, latestChangeSchema } from '@web-control/contract/load-balancer';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import { createLoadBalancerRepository, type ReceiverRecord, type ServiceRecord } from './repository.ts';

type LatestChange = z.infer<typeof latestChangeSchema>;

/** Figures older than this (three missed 10 s refreshes) mean no live traffic: throughput 0. */
export const RECEIVER_FIGURES_STALE_AFTER_MS = 30_000;

export const LB_AUDIT_ACTIONS = {
  receiverActivated: 'RECEIVER_ACTIVATED',
  receiverDeactivated: 'RECEIVER_DEACTIVATED',
  receiverWeightChanged: 'RECEIVER_WEIGHT_CHANGED',
} as const;

export const LB_MESSAGES = {
  serviceNotFound: 'This load-balanced service does not exist',
  receiverNotFound: 'This receiver does not exist in this service',
} as const;

export interface LbContext {
  actor: string;
  clientAddress: string;
}

function notFound(message: string): AppError {
  return new AppError(404, ERROR_CODES.notFound, message);
}

/** up: every active receiver is up; down: none is; degraded: in between. No status seen yet: none. */
function serviceChange(receivers: readonly ReceiverRecord[]): LatestChange | undefined {
  const changes = receivers.flatMap((receiver) =>
    receiver.latestChange === undefined ? [] : [receiver.latestChange],
  );
  if (changes.length === 0) {
    return undefined;
  }
  const active = receivers.filter((receiver) => receiver.active);
  const up = active.filter((receiver) => receiver.latestChange?.status === 'up');
  const status: LbStatus = up.length === 0 ? 'down' : up.length < active.length ? 'degraded' : 'up';
  const time = Math.max(...changes.map((change) => change.time.getTime()));
  return { currentStatus: status, time: new Date(time).toISOString() };
}

export type LoadBalancerService = ReturnType<typeof createLoadBalancerService>;

export function createLoadBalancerService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repository = createLoadBalancerRepository();

  function toService(service: ServiceRecord, receivers: readonly ReceiverRecord[]): Service {
    const latestChange = serviceChange(receivers.filter((receiver) => receiver.serviceId === service.id));
    return { id: service.id, name: service.name, ...(latestChange === undefined ? {} : { latestChange }) };
  }

  function toReceiver(record: ReceiverRecord, now: Date): Receiver {
    const fresh =
      record.trafficUpdatedAt !== null &&
      now.getTime() - record.trafficUpdatedAt.getTime() <= RECEIVER_FIGURES_STALE_AFTER_MS;
    return {
      id: record.id,
      name: record.name,
      isActive: record.active,
      weight: record.weight,
      throughput: fresh ? (record.throughput ?? 0) : 0,
      successRate: record.successRate ?? 100,
      ...(record.latestChange === undefined
        ? {}
        : {
            latestChange: {
              currentStatus: record.latestChange.status,
              time: record.latestChange.time.toISOString(),
            },
          }),
    };
  }

  /** Runs one change in a transaction; a receiver not of this service is audited as refused and answers 404. */
  async function change(
    serviceId: string,
    receiverId: string,
    context: LbContext,
    apply: (
      tx: DbExecutor,
      receiver: { name: string; active: boolean; weight: number },
    ) => Promise<{ action: string; detail: Record<string, unknown> }>,
    refusedAction: string,
  ): Promise<void> {
    const missing = await db.transaction().execute(async (tx) => {
      if ((await repository.findService(tx, serviceId)) === undefined) {
        return LB_MESSAGES.serviceNotFound;
      }
      const receiver = await repository.findReceiverForUpdate(tx, serviceId, receiverId);
      if (receiver === undefined) {
        return LB_MESSAGES.receiverNotFound;
      }
      const { action, detail } = await apply(tx, receiver);
      await audit.record(tx, {
        action,
        outcome: AUDIT_OUTCOMES.success,
        actor: context.actor,
        clientAddress: context.clientAddress,
        detail: { serviceId, receiverId, receiverName: receiver.name, ...detail },
      });
      return undefined;
    });
    if (missing !== undefined) {
      await audit.record(db, {
        action: refusedAction,
        outcome: AUDIT_OUTCOMES.refused,
        actor: context.actor,
        clientAddress: context.clientAddress,
        detail: { serviceId, receiverId, reason: missing },
      });
      throw notFound(missing);
    }
  }

  return {
    async listServices(): Promise<Service[]> {
      const services = await repository.listServices(db);
      const receivers = await repository.listReceivers(db);
      return services.map((service) => toService(service, receivers));
    },

    async getService(serviceId: string): Promise<Service> {
      const service = await repository.findService(db, serviceId);
      if (service === undefined) {
        throw notFound(LB_MESSAGES.serviceNotFound);
      }
      return toService(service, await repository.listReceivers(db, serviceId));
    },

    /** Every receiver of every service, by name (the transactions filter offers them). */
    async listReceiverNames(): Promise<Array<{ id: string; name: string }>> {
      return (await repository.listReceivers(db)).map((record) => ({ id: record.id, name: record.name }));
    },

    async listReceivers(serviceId: string): Promise<Receiver[]> {
      if ((await repository.findService(db, serviceId)) === undefined) {
        throw notFound(LB_MESSAGES.serviceNotFound);
      }
      const now = clock.now();
      return (await repository.listReceivers(db, serviceId)).map((record) => toReceiver(record, now));
    },

    /** Switches a receiver on or off; the simulator routes by it from its next tick. */
    async setActive(
      serviceId: string,
      receiverId: string,
      active: boolean,
      context: LbContext,
    ): Promise<void> {
      const action = active ? LB_AUDIT_ACTIONS.receiverActivated : LB_AUDIT_ACTIONS.receiverDeactivated;
      await change(
        serviceId,
        receiverId,
        context,
        async (tx, receiver) => {
          await repository.updateReceiver(tx, receiverId, { active });
          await repository.insertChange(tx, {
            receiverId,
            status: active ? 'up' : 'inactive',
            time: clock.now(),
            actor: context.actor,
            reason: active ? `Activated by ${context.actor}` : `Deactivated by ${context.actor}`,
          });
          return { action, detail: { changes: { active: { from: receiver.active, to: active } } } };
        },
        action,
      );
    },

    async setWeight(
      serviceId: string,
      receiverId: string,
      weight: number,
      context: LbContext,
    ): Promise<void> {
      await change(
        serviceId,
        receiverId,
        context,
        async (tx, receiver) => {
          await repository.updateReceiver(tx, receiverId, { weight });
          const status =
            (await repository.latestStatus(tx, receiverId)) ?? (receiver.active ? 'up' : 'inactive');
          await repository.insertChange(tx, {
            receiverId,
            status,
            time: clock.now(),
            actor: context.actor,
            reason: `Weight changed from ${receiver.weight} to ${weight} by ${context.actor}`,
          });
          return {
            action: LB_AUDIT_ACTIONS.receiverWeightChanged,
            detail: { changes: { weight: { from: receiver.weight, to: weight } } },
          };
        },
        LB_AUDIT_ACTIONS.receiverWeightChanged,
      );
    },
  };
}
