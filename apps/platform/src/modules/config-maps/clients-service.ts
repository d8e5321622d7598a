import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  AcknowledgementBody,
  ClientMapContent,
  ClientMapsResponse,
  RegisterClientResponse,
} from '@web-control/contract/config-maps';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Actor, createAuditedChange } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import { CLIENT_SIGN_IN_FAILURE_LIMIT, type ClientSignInRefusal } from './client-sign-in-limit.ts';
import { iso } from './mapping-rows.ts';
import { CONFIG_AUDIT_ACTIONS, CONFIG_MESSAGES } from './messages.ts';
import type { ConfigClientsRepository } from './clients-repository.ts';
import type { MapEntriesRepository } from './entries-repository.ts';
import type { ConfigMapsRepository } from './repository.ts';
import { requireMap } from './require-map.ts';

const CLIENT_FETCH_BATCH = 10_000;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** How a client appears as the actor of its audit rows. */
function clientActorName(clientId: string): string {
  return `client:${clientId}`;
}

/** The map clients (the switch nodes): registration, secrets, sign-in, their maps and acknowledgements. */
export function createConfigClientsService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  repository: ConfigMapsRepository;
  clientsRepository: ConfigClientsRepository;
  entries: MapEntriesRepository;
  runAuditedChange: ReturnType<typeof createAuditedChange>;
}) {
  const { db, clock, audit, repository, clientsRepository, entries, runAuditedChange } = deps;
  return {
    /** Registers a client (or gives it a new secret) subscribed to exactly `maps`; the secret is shown once. */
    async registerClient(
      actor: Actor,
      clientId: string,
      maps: readonly string[],
    ): Promise<RegisterClientResponse> {
      const unique = [...new Set(maps)];
      return runAuditedChange(
        actor,
        { action: CONFIG_AUDIT_ACTIONS.clientRegistered, target: { clientId, maps: unique } },
        async (tx) => {
          const missing: string[] = [];
          for (const mapId of unique) {
            if ((await repository.findMap(tx, mapId)) === undefined) missing.push(mapId);
          }
          if (missing.length > 0) throw badRequest(CONFIG_MESSAGES.unknownMaps(missing), 'maps');
          const clientSecret = randomBytes(32).toString('base64url');
          await clientsRepository.upsertClient(tx, {
            clientId,
            secretHash: hashSecret(clientSecret),
            createdAt: clock.now(),
          });
          await clientsRepository.setSubscriptions(tx, clientId, unique);
          return { clientId, clientSecret, maps: unique };
        },
      );
    },

    /** A new secret for a registered client, keeping its subscriptions (the simulator's nodes at start). */
    async issueClientSecret(actor: Actor, clientId: string): Promise<string> {
      return runAuditedChange(
        actor,
        { action: CONFIG_AUDIT_ACTIONS.clientSecretIssued, target: { clientId } },
        async (tx) => {
          const client = await clientsRepository.findClient(tx, clientId);
          if (client === undefined) throw notFound(CONFIG_MESSAGES.noClient(clientId));
          const clientSecret = randomBytes(32).toString('base64url');
          await clientsRepository.upsertClient(tx, {
            clientId,
            secretHash: hashSecret(clientSecret),
            createdAt: client.created_at,
          });
          return clientSecret;
        },
      );
    },

    async listClients() {
      const clients = await clientsRepository.listClients(db);
      const subscriptions = await clientsRepository.listSubscriptions(db, {});
      return {
        clients: clients.map((client) => ({
          clientId: client.client_id,
          maps: subscriptions.filter((row) => row.client_id === client.client_id).map((row) => row.map_id),
        })),
      };
    },

    /** The client a client id and secret name, or undefined. */
    async authenticateClient(clientId: string, secret: string): Promise<string | undefined> {
      const client = await clientsRepository.findClient(db, clientId);
      const expected = Buffer.from(client?.secret_hash ?? hashSecret(randomUUID()), 'hex');
      const given = Buffer.from(hashSecret(secret), 'hex');
      const same = expected.length === given.length && timingSafeEqual(expected, given);
      return same && client?.secret_hash != null ? client.client_id : undefined;
    },

    /** The first 429 of a window of failed client sign-ins; a registered client is named as the actor. */
    async recordClientSignInLimited(refusal: ClientSignInRefusal): Promise<void> {
      const client =
        refusal.clientId === '' ? undefined : await clientsRepository.findClient(db, refusal.clientId);
      await audit.record(db, {
        action: CONFIG_AUDIT_ACTIONS.clientSignInLimited,
        outcome: AUDIT_OUTCOMES.refused,
        actor: client === undefined ? null : clientActorName(client.client_id),
        clientAddress: refusal.clientAddress,
        detail: {
          status: 429,
          failedAttempts: CLIENT_SIGN_IN_FAILURE_LIMIT,
          retryAfterSeconds: refusal.retryAfterSeconds,
        },
      });
    },

    async clientMaps(clientId: string): Promise<ClientMapsResponse> {
      const subscriptions = await clientsRepository.listSubscriptions(db, { clientId });
      const maps: ClientMapsResponse['maps'] = [];
      for (const row of subscriptions) {
        const map = await requireMap(repository, db, row.map_id);
        const pushed =
          map.pushedSeq === null ? undefined : await repository.findVersionBySeq(db, map.id, map.pushedSeq);
        maps.push({
          id: map.id,
          versionId: pushed?.version_id ?? null,
          timePushed: pushed === undefined || map.pushedAt === null ? null : iso(map.pushedAt),
        });
      }
      return { clientId, maps };
    },

    async clientMapContent(clientId: string, mapId: string): Promise<ClientMapContent> {
      const [subscription] = await clientsRepository.listSubscriptions(db, { clientId, mapIds: [mapId] });
      if (subscription === undefined) throw notFound(CONFIG_MESSAGES.notSubscribed);
      const map = await requireMap(repository, db, mapId);
      const pushed =
        map.pushedSeq === null ? undefined : await repository.findVersionBySeq(db, mapId, map.pushedSeq);
      if (pushed === undefined) throw notFound(CONFIG_MESSAGES.notPushed);
      const mappings: Array<{ key: string; value: string }> = [];
      let after: string | undefined;
      for (;;) {
        const batch = await entries.entriesAt(db, mapId, pushed.seq, after, CLIENT_FETCH_BATCH);
        mappings.push(...batch);
        if (batch.length < CLIENT_FETCH_BATCH) break;
        after = batch.at(-1)?.key;
      }
      return { id: mapId, versionId: pushed.version_id, mappings };
    },

    async acknowledge(clientId: string, mapId: string, ack: AcknowledgementBody): Promise<void> {
      const actor: Actor = { userId: null, username: clientActorName(clientId), clientAddress: null };
      await runAuditedChange(
        actor,
        {
          action: CONFIG_AUDIT_ACTIONS.clientAcknowledged,
          target: {
            clientId,
            mapId,
            versionId: ack.versionId,
            status: ack.status,
            logMessage: ack.logMessage,
          },
        },
        async (tx) => {
          const [subscription] = await clientsRepository.listSubscriptions(tx, { clientId, mapIds: [mapId] });
          if (subscription === undefined) throw notFound(CONFIG_MESSAGES.notSubscribed);
          const map = await requireMap(repository, tx, mapId);
          const pushed =
            map.pushedSeq === null ? undefined : await repository.findVersionBySeq(tx, mapId, map.pushedSeq);
          if (pushed?.version_id !== ack.versionId) throw conflict(CONFIG_MESSAGES.notPushedVersion);
          await clientsRepository.recordAcknowledgement(tx, {
            clientId,
            mapId,
            versionId: ack.versionId,
            status: ack.status,
            logTime: ack.logTime === undefined ? clock.now() : new Date(ack.logTime),
            logMessage: ack.logMessage,
          });
        },
      );
    },
  };
}
