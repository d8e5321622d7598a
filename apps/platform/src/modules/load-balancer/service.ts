import type { z } from 'zod';
import type { LbStatus, Receiver, Service, latestChangeSchema } from '@web-control/contract/load-balancer';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
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
  receiverChanged: (receiver: { weight: number; active: boolean }) =>
    `Someone else changed this receiver while you were editing: its weight is now ${receiver.weight} and it is ${receiver.active ? 'active' : 'inactive'}.`,
} as const;

type ReceiverState = { name: string; active: boolean; weight: number; version: number };
export type ReceiverChange = { active: boolean } | { weight: number };
export type ReceiverTarget = { serviceId: string; receiverId: string };

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
  const { db, clock } = deps;
  const repository = createLoadBalancerRepository();
  const runAuditedChange = createAuditedChange(deps);

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
      version: record.version,
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

  /** A change made against an older version: 409 with the receiver as it is now. */
  async function staleReceiver(tx: DbExecutor, serviceId: string, receiverId: string) {
    const [current] = await repository.listReceivers(tx, serviceId, receiverId);
    if (current === undefined) {
      return notFound(LB_MESSAGES.receiverNotFound);
    }
    return conflict(LB_MESSAGES.receiverChanged(current), { current: toReceiver(current, clock.now()) });
  }

  /** What the change history says of a change, and the audit's before and after. */
  async function recordChange(
    tx: DbExecutor,
    actor: Actor,
    receiverId: string,
    receiver: ReceiverState,
    change: ReceiverChange,
  ): Promise<Record<string, unknown>> {
    if ('active' in change) {
      const { active } = change;
      await repository.insertChange(tx, {
        receiverId,
        status: active ? 'up' : 'inactive',
        time: clock.now(),
        actor: actor.username,
        reason: active ? `Activated by ${actor.username}` : `Deactivated by ${actor.username}`,
      });
      return { changes: { active: { from: receiver.active, to: active } } };
    }
    const { weight } = change;
    const status = (await repository.latestStatus(tx, receiverId)) ?? (receiver.active ? 'up' : 'inactive');
    await repository.insertChange(tx, {
      receiverId,
      status,
      time: clock.now(),
      actor: actor.username,
      reason: `Weight changed from ${receiver.weight} to ${weight} by ${actor.username}`,
    });
    return { changes: { weight: { from: receiver.weight, to: weight } } };
  }

  /**
   * A change of a receiver inside `tx`, its row locked; a service or receiver that does not exist
   * answers 404. With `expectedVersion` the change is made only while the receiver is still at
   * that version, else refused with 409. `actor` is whoever the history names.
   */
  async function changeReceiverIn(
    tx: DbExecutor,
    actor: Actor,
    target: ReceiverTarget,
    expectedVersion: number | undefined,
    change: ReceiverChange,
  ): Promise<{ version: number; detail: Record<string, unknown> }> {
    const { serviceId, receiverId } = target;
    if ((await repository.findService(tx, serviceId)) === undefined) {
      throw notFound(LB_MESSAGES.serviceNotFound);
    }
    const receiver = await repository.findReceiverForUpdate(tx, serviceId, receiverId);
    if (receiver === undefined) {
      throw notFound(LB_MESSAGES.receiverNotFound);
    }
    if (expectedVersion !== undefined && receiver.version !== expectedVersion) {
      throw await staleReceiver(tx, serviceId, receiverId);
    }
    // What it already is changes nothing: no new version to refuse a colleague's change against,
    // and no history line (the audit keeps the request).
    if ('active' in change ? change.active === receiver.active : change.weight === receiver.weight) {
      return {
        version: receiver.version,
        detail: { receiverName: receiver.name, version: receiver.version, unchanged: true },
      };
    }
    const version = await repository.updateReceiver(tx, receiverId, change, expectedVersion);
    if (version === undefined) {
      throw await staleReceiver(tx, serviceId, receiverId);
    }
    const detail = {
      receiverName: receiver.name,
      version,
      ...(await recordChange(tx, actor, receiverId, receiver, change)),
    };
    return { version, detail };
  }

  /** One audited change of a receiver; a refused one is audited as refused. */
  async function changeReceiver(
    actor: Actor,
    action: string,
    target: ReceiverTarget,
    expectedVersion: number | undefined,
    change: ReceiverChange,
  ): Promise<number> {
    const result = await runAuditedChange(
      actor,
      { action, target, describe: ({ detail }: { detail: Record<string, unknown> }) => detail },
      (tx) => changeReceiverIn(tx, actor, target, expectedVersion, change),
    );
    return result.version;
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

    /** Switches a receiver on or off; the simulator routes by it from its next tick. Answers the new version. */
    setActive(
      serviceId: string,
      receiverId: string,
      active: boolean,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      const action = active ? LB_AUDIT_ACTIONS.receiverActivated : LB_AUDIT_ACTIONS.receiverDeactivated;
      return changeReceiver(actor, action, { serviceId, receiverId }, expectedVersion, { active });
    },

    setWeight(
      serviceId: string,
      receiverId: string,
      weight: number,
      actor: Actor,
      expectedVersion?: number,
    ): Promise<number> {
      const action = LB_AUDIT_ACTIONS.receiverWeightChanged;
      return changeReceiver(actor, action, { serviceId, receiverId }, expectedVersion, { weight });
    },

    /** The change an approved review makes, in the review's transaction (four-eyes, 0026). */
    changeReceiverIn,

    /** The receiver as it is now (a review's summary names it and its version). */
    async findReceiver(serviceId: string, receiverId: string): Promise<Receiver | undefined> {
      const [record] = await repository.listReceivers(db, serviceId, receiverId);
      return record === undefined ? undefined : toReceiver(record, clock.now());
    },
  };
}
