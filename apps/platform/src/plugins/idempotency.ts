import { createHash } from 'node:crypto';
import type {
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { createIdempotencyRepository, type IdempotencyScope } from './idempotency-repository.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 200 printable characters.',
  keyReused:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  inProgress:
    'A request with this Idempotency-Key is still being processed. Wait for it to finish, then try again.',
} as const;

/** Printable ASCII, space to tilde. */
const KEY_PATTERN = /^[\x20-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an Idempotency-Key header (it must not be public: keys belong to a user). */
    idempotent?: boolean;
  }
}

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
}

/** JSON with object keys sorted, so the same body in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (value === undefined) {
    return '';
  }
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function hashRequest(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(canonicalJson(request.body))
    .digest('hex');
}

/** The body to keep: null for an empty answer (204), undefined when it is not JSON. */
function parsePayload(reply: FastifyReply, payload: unknown): { body: unknown } | undefined {
  if (payload === undefined || payload === null || payload === '') {
    return { body: null };
  }
  const type = String(reply.getHeader('content-type') ?? '');
  if (typeof payload !== 'string' || !type.includes('json')) {
    return undefined;
  }
  return { body: JSON.parse(payload) as unknown };
}

/** A route's own hooks of one kind as a list: none, one, or several. */
function hooksOf<T>(existing: T | T[] | undefined): T[] {
  return existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
}

/**
 * Routes with `config: { idempotent: true }` honour an Idempotency-Key header: the first request
 * runs and its answer is stored; a replay with the same key and body gets that answer again and
 * changes nothing. 5xx answers are not stored, so the client may retry them.
 */
const idempotency: FastifyPluginCallback<IdempotencyOptions> = (app, options, done) => {
  const { db, clock } = options;
  const repository = createIdempotencyRepository();
  /** The request's key and hash, then from its claim on the scope whose answer is stored when sent. */
  const keyed = new WeakMap<
    FastifyRequest,
    { key: string; requestHash: string; claimed?: IdempotencyScope }
  >();

  // The hash is taken before validation, of the body as the client sent it.
  const readRequest = (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) {
      done();
    } else if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
      done(badRequest(IDEMPOTENCY_MESSAGES.invalidKey));
    } else {
      keyed.set(request, { key, requestHash: hashRequest(request) });
      done();
    }
  };

  const claimKey = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const seen = keyed.get(request);
    if (seen === undefined || request.user === null) {
      return;
    }
    const scope: IdempotencyScope = {
      userId: request.user.id,
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      key: seen.key,
    };
    const now = clock.now();
    await repository.deleteExpired(db, now);
    const expiresAt = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS);
    if (await repository.claim(db, scope, { requestHash: seen.requestHash, now, expiresAt })) {
      seen.claimed = scope;
      return;
    }
    const stored = await repository.find(db, scope);
    if (stored === undefined) {
      // The first request ended in a 5xx just now and released the key: a retry will run.
      throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    }
    if (stored.requestHash !== seen.requestHash) {
      throw new AppError(422, ERROR_CODES.conflict, IDEMPOTENCY_MESSAGES.keyReused);
    }
    if (stored.statusCode === null) {
      throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
    }
    reply.code(stored.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    // Returning the reply makes Fastify wait until it is sent, so the handler never runs.
    if (stored.responseBody === null) {
      return reply.send();
    }
    return reply.type('application/json; charset=utf-8').send(stored.responseBody);
  };

  const storeAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ): Promise<unknown> => {
    const scope = keyed.get(request)?.claimed;
    if (scope === undefined) {
      return payload;
    }
    keyed.delete(request);
    try {
      // A 5xx (or an answer that is not JSON) is not kept: the client may try again.
      const answer = reply.statusCode < 500 ? parsePayload(reply, payload) : undefined;
      if (answer === undefined) {
        await repository.release(db, scope);
      } else {
        await repository.complete(db, scope, { statusCode: reply.statusCode, responseBody: answer.body });
      }
    } catch (error) {
      // The answer itself went through; only its replay is lost, and the key stays running.
      request.log.error({ err: error }, 'Could not store the Idempotency-Key answer');
    }
    return payload;
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.idempotent !== true) {
      return;
    }
    if (route.config.access === 'public') {
      throw new Error(`${String(route.method)} ${route.url}: an idempotent route must not be public`);
    }
    route.preValidation = [...hooksOf(route.preValidation), readRequest];
    route.preHandler = [...hooksOf(route.preHandler), claimKey];
    // First: the compression plugin's own hook, added to each route before this one, turns the
    // JSON into a stream, and nothing would be kept to replay.
    route.onSend = [storeAnswer, ...hooksOf(route.onSend)];
  });
  done();
};

export const idempotencyPlugin = fp(idempotency, { name: 'idempotency', dependencies: ['auth-guard'] });

/** Deletes every expired key; claims also do this, so calling it is optional housekeeping. */
export function purgeExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  return createIdempotencyRepository().deleteExpired(db, now);
}
