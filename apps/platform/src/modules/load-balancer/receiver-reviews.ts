import { z } from 'zod';
import type { LbReview } from '@web-control/contract/reviews';
import type { Clock } from '../../clock.ts';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { createApprovalsEngine, type ApprovalKind, type ApprovalRequest } from '../approvals/service.ts';
import type { Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import {
  LB_MESSAGES,
  type LoadBalancerService,
  type ReceiverChange,
  type ReceiverTarget,
} from './service.ts';

const target = {
  serviceId: z.string(),
  receiverId: z.string(),
  receiverName: z.string(),
  version: z.number(),
};
const activePayload = z.object({ ...target, active: z.boolean() });
const weightPayload = z.object({ ...target, weight: z.number().int() });
type Payload = z.infer<typeof activePayload> | z.infer<typeof weightPayload>;

export const RECEIVER_REVIEW_TEXTS = {
  notFound: 'This review request does not exist.',
  summary: (payload: Payload) =>
    'active' in payload
      ? `${payload.active ? 'Activate' : 'Deactivate'} ${payload.receiverName} (${payload.serviceId})`
      : `Set the weight of ${payload.receiverName} (${payload.serviceId}) to ${payload.weight}`,
} as const;

function changeOf(payload: Payload): ReceiverChange {
  return 'active' in payload ? { active: payload.active } : { weight: payload.weight };
}

function toReview(request: ApprovalRequest<Payload>, usernames: ReadonlyMap<string, string>): LbReview {
  return {
    id: request.id,
    kind: 'active' in request.payload ? 'RECEIVER_ACTIVE' : 'RECEIVER_WEIGHT',
    status: request.status,
    summary: RECEIVER_REVIEW_TEXTS.summary(request.payload),
    serviceId: request.payload.serviceId,
    receiverId: request.payload.receiverId,
    requestedBy: request.requestedBy,
    requestedAt: request.requestedAt.toISOString(),
    comment: request.comment,
    authors: request.authorIds.map((id) => usernames.get(id) ?? request.requestedBy),
  };
}

export type ReceiverReviews = ReturnType<typeof createReceiverReviews>;

/**
 * FOUR_EYES=load-balancer: a receiver change becomes a request in the approvals engine; another
 * user's approval makes it, only while the receiver is still at the version it was asked against.
 */
export function createReceiverReviews(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  lb: LoadBalancerService;
}) {
  const engine = createApprovalsEngine(deps);
  async function apply(tx: Transaction<Database>, request: ApprovalRequest<Payload>, reviewer: Actor) {
    await deps.lb.changeReceiverIn(
      tx,
      reviewer,
      request.payload,
      request.payload.version,
      changeOf(request.payload),
    );
  }
  const kinds: Record<LbReview['kind'], ApprovalKind<Payload>> = {
    RECEIVER_ACTIVE: engine.registerKind<Payload>('RECEIVER_ACTIVE', { payloadSchema: activePayload, apply }),
    RECEIVER_WEIGHT: engine.registerKind<Payload>('RECEIVER_WEIGHT', { payloadSchema: weightPayload, apply }),
  };

  async function find(
    requestId: string,
  ): Promise<{ kind: ApprovalKind<Payload>; request: ApprovalRequest<Payload> }> {
    for (const kind of Object.values(kinds)) {
      try {
        return { kind, request: await kind.get(requestId) };
      } catch (error) {
        // Another kind's request, or none: try the next kind. Anything else (the database) is no 404.
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      }
    }
    throw notFound(RECEIVER_REVIEW_TEXTS.notFound);
  }

  return {
    /** Asks for the change; the receiver must exist, and its version is the one the change is for. */
    async submit(actor: Actor, where: ReceiverTarget, change: ReceiverChange, expectedVersion?: number) {
      const receiver = await deps.lb.findReceiver(where.serviceId, where.receiverId);
      if (receiver === undefined) {
        await deps.lb.getService(where.serviceId);
        throw notFound(LB_MESSAGES.receiverNotFound);
      }
      const version = expectedVersion ?? receiver.version;
      const base = { ...where, receiverName: receiver.name, version };
      const request =
        'active' in change
          ? await kinds.RECEIVER_ACTIVE.submit(actor, {
              scope: where.serviceId,
              payload: { ...base, active: change.active },
            })
          : await kinds.RECEIVER_WEIGHT.submit(actor, {
              scope: where.serviceId,
              payload: { ...base, weight: change.weight },
            });
      return { requestId: request.id, status: 'PENDING' as const };
    },
    async get(requestId: string): Promise<LbReview> {
      const { request } = await find(requestId);
      return toReview(request, new Map([[request.requestedById ?? '', request.requestedBy]]));
    },
    async decide(
      actor: Actor,
      requestId: string,
      decision: 'approve' | 'reject',
      comment: string,
    ): Promise<LbReview> {
      const { kind, request } = await find(requestId);
      const decided = await kind[decision](actor, request.id, comment);
      return toReview(decided, new Map([[decided.requestedById ?? '', decided.requestedBy]]));
    },
    summaryOf(payload: unknown): string {
      const parsed = z.union([activePayload, weightPayload]).safeParse(payload);
      return parsed.success ? RECEIVER_REVIEW_TEXTS.summary(parsed.data) : '';
    },
  };
}
