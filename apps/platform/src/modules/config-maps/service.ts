import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  CLIENT_TOO_OLD_AFTER_MS,
  MAPPINGS_PAGE_SIZE_DEFAULT,
  VERSION_APPLIED,
  VERSION_SUBMITTED,
  VERSION_UNSUBMITTED,
  type AcknowledgementBody,
  type ClientMapContent,
  type ClientMapsResponse,
  type ClientVersion,
  type ConfigMap,
  type CreateMapBody,
  type DownloadFormat,
  type Mapping,
  type MappingPatch,
  type MappingsResponse,
  type MapVersion,
  type PushResponse,
  type RegisterClientResponse,
  type UploadMappingsResponse,
  type VersionSelector,
  type VersionState,
  MAP_ID_TAKEN_MESSAGE,
} from '@web-control/contract/config-maps';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { assertReviewerIsNotAuthor } from '../approvals/service.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import { AUDIT_OUTCOMES, type AuditService } from '../audit/service.ts';
import { CLIENT_SIGN_IN_FAILURE_LIMIT, type ClientSignInRefusal } from './client-sign-in-limit.ts';
import {
  changeOf,
  CHANGES_CSV_HEADER,
  contentOf,
  CSV_HEADER,
  FILE_MESSAGES,
  parseMappingsFile,
} from './files.ts';
import {
  createConfigMapsRepository,
  WORKING_SEQ,
  type ClientMapRow,
  type EntryRow,
  type MappingSelection,
  type MapRecord,
  type VersionRow,
} from './repository.ts';

export const CONFIG_AUDIT_ACTIONS = {
  mapCreated: 'CONFIG_MAP_CREATED',
  mappingAdded: 'CONFIG_MAPPING_ADDED',
  mappingUpdated: 'CONFIG_MAPPING_UPDATED',
  mappingDeleted: 'CONFIG_MAPPING_DELETED',
  mappingsUploaded: 'CONFIG_MAPPINGS_UPLOADED',
  submitted: 'CONFIG_MAP_SUBMITTED',
  approved: 'CONFIG_MAP_APPROVED',
  rejected: 'CONFIG_MAP_REJECTED',
  pushed: 'CONFIG_MAPS_PUSHED',
  clientRegistered: 'CONFIG_CLIENT_REGISTERED',
  clientAcknowledged: 'CONFIG_CLIENT_ACKNOWLEDGED',
  clientSecretIssued: 'CONFIG_CLIENT_SECRET_ISSUED',
  clientSignInLimited: 'CONFIG_CLIENT_SIGN_IN_LIMITED',
} as const;

export const CONFIG_MESSAGES = {
  noMap: (id: string) => `Can not find the map for ${id}`,
  noVersion: 'This version does not exist in this map.',
  versionRejected: 'This version was rejected: its changes were discarded.',
  noMapping: (key: string) => `No mapping with key '${key}' in this map.`,
  mappingExists: (key: string) => `A mapping with key '${key}' already exists.`,
  mappingChanged: (key: string) =>
    `Someone else changed the mapping '${key}' while you were editing; nothing was changed.`,
  nothingToSubmit: 'There are no unsubmitted changes to submit.',
  alreadyReviewed: 'This review has already been decided.',
  newerSubmission:
    'A newer submission was added to this review. Reload to see every change before you review.',
  unknownMaps: (ids: string[]) => `No such maps: ${ids.join(', ')}.`,
  noClient: (id: string) => `No client ${id} is registered.`,
  notSubscribed: 'This client does not subscribe to this map.',
  notPushed: 'No version of this map has been pushed yet.',
  notPushedVersion: 'Only the pushed version of a map can be acknowledged.',
} as const;

/** The page a list shows; the routes build the URLs from it. */
export interface MappingsPage {
  response: Omit<MappingsResponse, 'paging'>;
  first?: string | undefined;
  last?: string | undefined;
  hasNext: boolean;
  hasPrevious: boolean;
}

export interface MappingsListQuery {
  keyPrefix?: string | undefined;
  valuePrefix?: string | undefined;
  version?: VersionSelector | undefined;
  versionFrom?: VersionSelector | undefined;
  updatesOnly?: boolean | undefined;
  afterKey?: string | undefined;
  beforeKey?: string | undefined;
  pageSize?: number | undefined;
}

const DOWNLOAD_BATCH = 10_000;
const CLIENT_FETCH_BATCH = 10_000;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** How a client appears as the actor of its audit rows. */
function clientActorName(clientId: string): string {
  return `client:${clientId}`;
}

function iso(date: Date): string {
  return date.toISOString();
}

/** authors: the usernames of who changed the version, its submitter included. */
function toVersion(row: VersionRow, authors: readonly string[]): MapVersion {
  return {
    versionId: row.version_id,
    state: row.state,
    userId: row.submitted_by,
    timeSubmitted: iso(row.submitted_at),
    comment: row.comment,
    reviewedBy: row.reviewed_by,
    timeReviewed: row.reviewed_at === null ? null : iso(row.reviewed_at),
    reviewComment: row.review_comment,
    authors: [...authors],
  };
}

/** The mapping of a key from its rows valid at `seq` and at `fromSeq`. */
function toMapping(key: string, rows: readonly EntryRow[], seq: number, fromSeq: number): Mapping {
  const validAt = (at: number) =>
    rows.find((row) => row.from_seq <= at && (row.to_seq === null || row.to_seq > at));
  const now = validAt(seq);
  const before = validAt(fromSeq);
  if (now === undefined) {
    return { key, value: null, state: 'deleted', previousValue: before?.value ?? null };
  }
  if (before === undefined) {
    return { key, value: now.value, state: 'added', previousValue: null };
  }
  return before.value === now.value
    ? { key, value: now.value, state: 'unchanged', previousValue: null }
    : { key, value: now.value, state: 'updated', previousValue: before.value };
}

function matchesValuePrefix(mapping: Mapping, prefix: string | undefined): boolean {
  if (prefix === undefined || prefix === '') return true;
  return (mapping.value ?? '').startsWith(prefix) || (mapping.previousValue ?? '').startsWith(prefix);
}

export type ConfigMapsService = ReturnType<typeof createConfigMapsService>;

export function createConfigMapsService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repository = createConfigMapsRepository();
  const runAuditedChange = createAuditedChange(deps);

  async function requireMap(executor: DbExecutor, mapId: string, forUpdate = false): Promise<MapRecord> {
    const map = await repository.findMap(executor, mapId, { forUpdate });
    if (map === undefined) {
      throw notFound(CONFIG_MESSAGES.noMap(mapId));
    }
    return map;
  }

  function clientVersionOf(
    row: ClientMapRow,
    pushed: VersionRow | undefined,
    pushedAt: Date | null,
    now: Date,
  ): ClientVersion {
    const pushedId = pushed?.version_id ?? null;
    const versionMismatch = pushedId !== null && row.applied_version_id !== pushedId;
    const tooOld =
      versionMismatch && pushedAt !== null && now.getTime() - pushedAt.getTime() > CLIENT_TOO_OLD_AFTER_MS;
    return {
      clientId: row.client_id,
      acknowledgedVersionRejected:
        pushedId !== null && row.last_ack_version_id === pushedId && row.last_ack_status === 'rejected',
      acknowledgedVersionTooOld: tooOld,
      versionMismatch,
      acknowledgedVersion: row.applied_version_id,
      clientLogTime: row.log_time === null ? null : iso(row.log_time),
      clientLogMessage: row.log_message,
    };
  }

  async function describeMaps(executor: DbExecutor, maps: readonly MapRecord[]): Promise<ConfigMap[]> {
    const ids = maps.map((map) => map.id);
    const versions = await repository.listVersions(executor, ids);
    const subscriptions = await repository.listSubscriptions(executor, { mapIds: ids });
    const withChanges = await repository.mapsWithChanges(executor, maps);
    const now = clock.now();
    return maps.map((map) => {
      const own = versions.filter((version) => version.map_id === map.id);
      const latest = own.find((version) => version.state !== 'rejected');
      const applied = own.find((version) => version.seq === map.appliedSeq);
      const pushed = own.find((version) => version.seq === map.pushedSeq);
      return {
        id: map.id,
        name: map.name,
        latestSubmittedVersion:
          latest === undefined
            ? null
            : {
                versionId: latest.version_id,
                timeSubmitted: iso(latest.submitted_at),
                userId: latest.submitted_by,
                comment: latest.comment,
              },
        appliedVersion:
          applied === undefined
            ? null
            : {
                versionId: applied.version_id,
                timeApproved: iso(applied.reviewed_at ?? applied.submitted_at),
              },
        pushedVersion:
          pushed === undefined || map.pushedAt === null
            ? null
            : { versionId: pushed.version_id, timePushed: iso(map.pushedAt) },
        pendingReview: own.some((version) => version.state === 'submitted'),
        unsubmittedChanges: withChanges.has(map.id),
        clientVersions: subscriptions
          .filter((row) => row.map_id === map.id)
          .map((row) => clientVersionOf(row, pushed, map.pushedAt, now)),
      };
    });
  }

  /** The seq and version id a selector names. */
  async function resolveVersion(
    executor: DbExecutor,
    map: MapRecord,
    selector: VersionSelector,
  ): Promise<{ seq: number; versionId: string | null }> {
    if (selector === VERSION_UNSUBMITTED) {
      return { seq: WORKING_SEQ, versionId: null };
    }
    if (selector === VERSION_APPLIED) {
      const applied = await repository.findVersionBySeq(executor, map.id, map.appliedSeq);
      return { seq: map.appliedSeq, versionId: applied?.version_id ?? null };
    }
    if (selector === VERSION_SUBMITTED) {
      const [latest] = (await repository.listVersions(executor, [map.id])).filter(
        (version) => version.state !== 'rejected',
      );
      return latest === undefined
        ? { seq: 0, versionId: null }
        : { seq: latest.seq, versionId: latest.version_id };
    }
    const version = await repository.findVersion(executor, map.id, selector);
    if (version === undefined) {
      throw notFound(CONFIG_MESSAGES.noVersion);
    }
    if (version.state === 'rejected') {
      throw conflict(CONFIG_MESSAGES.versionRejected);
    }
    return { seq: version.seq, versionId: version.version_id };
  }

  async function selectionOf(map: MapRecord, query: MappingsListQuery) {
    const version = await resolveVersion(db, map, query.version ?? VERSION_UNSUBMITTED);
    const from = await resolveVersion(db, map, query.versionFrom ?? VERSION_APPLIED);
    const selection: MappingSelection = {
      mapId: map.id,
      seq: version.seq,
      fromSeq: from.seq,
      draftSeq: map.nextSeq,
      updatesOnly: query.updatesOnly ?? false,
      keyPrefix: query.keyPrefix,
      valuePrefix: query.valuePrefix,
    };
    return { selection, version, from };
  }

  async function mappingsOf(selection: MappingSelection, keys: readonly string[]): Promise<Mapping[]> {
    const rows = await repository.entriesOf(db, selection.mapId, keys, selection);
    const byKey = new Map<string, EntryRow[]>();
    for (const row of rows) {
      byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
    }
    return keys
      .map((key) => toMapping(key, byKey.get(key) ?? [], selection.seq, selection.fromSeq))
      .filter(
        (mapping) =>
          !(selection.updatesOnly && mapping.state === 'unchanged') &&
          !(mapping.value === null && mapping.previousValue === null) &&
          matchesValuePrefix(mapping, selection.valuePrefix),
      );
  }

  /** One audited change of a map's unsubmitted changes, the map row locked. */
  function changeMappings<T>(
    actor: Actor,
    action: string,
    target: Record<string, unknown>,
    work: (tx: DbExecutor, map: MapRecord) => Promise<T>,
    describe?: (result: T) => Record<string, unknown>,
  ): Promise<T> {
    return runAuditedChange(
      actor,
      { action, target, ...(describe === undefined ? {} : { describe }) },
      async (tx) => {
        const map = await requireMap(tx, String(target.mapId), true);
        return work(tx, map);
      },
    );
  }

  /** A change of the unsubmitted changes, or their submission: the actor becomes an author of them. */
  function editMappings<T>(
    actor: Actor,
    action: string,
    target: Record<string, unknown>,
    work: (tx: DbExecutor, map: MapRecord) => Promise<T>,
    describe?: (result: T) => Record<string, unknown>,
  ): Promise<T> {
    return changeMappings(
      actor,
      action,
      target,
      async (tx, map) => {
        if (actor.userId !== null) {
          await repository.recordAuthor(tx, map.id, map.nextSeq, {
            userId: actor.userId,
            username: actor.username,
          });
        }
        return work(tx, map);
      },
      describe,
    );
  }

  /** The versions with the usernames of who changed each. */
  async function withAuthors(executor: DbExecutor, rows: readonly VersionRow[]): Promise<MapVersion[]> {
    const authors = await repository.authorsOf(
      executor,
      [...new Set(rows.map((row) => row.map_id))],
      rows.map((row) => row.seq),
    );
    return rows.map((row) =>
      toVersion(
        row,
        authors
          .filter((author) => author.map_id === row.map_id && author.seq === row.seq)
          .map((author) => author.username),
      ),
    );
  }

  /** Sets a key's value in the unsubmitted changes, collapsing a change back to the value before them. */
  async function setValue(tx: DbExecutor, map: MapRecord, key: string, value: string): Promise<void> {
    const draft = map.nextSeq;
    const current = await repository.findCurrent(tx, map.id, key);
    const closed = await repository.findClosedAt(tx, map.id, key, draft);
    if (current?.from_seq === draft) {
      if (closed !== undefined && closed.value === value) {
        await repository.deleteEntry(tx, map.id, key, draft);
        await repository.setEntryEnd(tx, map.id, key, closed.from_seq, null);
      } else {
        await repository.setEntryValue(tx, map.id, key, draft, value);
      }
      return;
    }
    if (current !== undefined) {
      if (current.value === value) return;
      await repository.setEntryEnd(tx, map.id, key, current.from_seq, draft);
      await repository.insertEntry(tx, map.id, { key, value, fromSeq: draft });
      return;
    }
    if (closed !== undefined && closed.value === value) {
      await repository.setEntryEnd(tx, map.id, key, closed.from_seq, null);
    } else {
      await repository.insertEntry(tx, map.id, { key, value, fromSeq: draft });
    }
  }

  async function currentMapping(tx: DbExecutor, map: MapRecord, key: string): Promise<Mapping | null> {
    const rows = await repository.entriesOf(tx, map.id, [key], { seq: WORKING_SEQ, fromSeq: map.appliedSeq });
    const mapping = toMapping(key, rows, WORKING_SEQ, map.appliedSeq);
    return mapping.value === null ? null : mapping;
  }

  return {
    async listMaps(options: { onlyPendingReview?: boolean | undefined }): Promise<ConfigMap[]> {
      const maps = await describeMaps(db, await repository.listMaps(db));
      return options.onlyPendingReview === true ? maps.filter((map) => map.pendingReview) : maps;
    },

    async getMap(mapId: string): Promise<ConfigMap> {
      const [map] = await describeMaps(db, [await requireMap(db, mapId)]);
      if (map === undefined) throw notFound(CONFIG_MESSAGES.noMap(mapId));
      return map;
    },

    async createMap(actor: Actor, { id, name }: CreateMapBody): Promise<{ id: string; name: string }> {
      return runAuditedChange(
        actor,
        { action: CONFIG_AUDIT_ACTIONS.mapCreated, target: { mapId: id } },
        async (tx) => {
          const created = await repository.insertMap(tx, {
            id,
            name,
            createdAt: clock.now(),
            createdBy: actor.username,
          });
          if (!created) {
            throw conflict(MAP_ID_TAKEN_MESSAGE(id));
          }
          return { id, name };
        },
      );
    },

    async listVersions(mapId: string, state?: VersionState): Promise<MapVersion[]> {
      await requireMap(db, mapId);
      return withAuthors(db, await repository.listVersions(db, [mapId], state));
    },

    async listMappings(mapId: string, query: MappingsListQuery): Promise<MappingsPage> {
      const map = await requireMap(db, mapId);
      const { selection, version, from } = await selectionOf(map, query);
      const size = query.pageSize ?? MAPPINGS_PAGE_SIZE_DEFAULT;
      let keys: string[];
      let hasNext: boolean;
      let hasPrevious: boolean;
      if (query.beforeKey !== undefined) {
        keys = await repository.selectKeys(db, selection, { before: query.beforeKey }, size + 1);
        hasPrevious = keys.length > size;
        if (hasPrevious) keys = keys.slice(1);
        hasNext = true;
      } else {
        keys = await repository.selectKeys(db, selection, { after: query.afterKey }, size + 1);
        hasNext = keys.length > size;
        if (hasNext) keys = keys.slice(0, size);
        const first = keys[0];
        hasPrevious =
          query.afterKey !== undefined &&
          (first === undefined ||
            (await repository.selectKeys(db, selection, { before: first }, 1)).length > 0);
      }
      return {
        response: {
          mapId,
          version: version.versionId,
          versionFrom: from.versionId,
          mappings: await mappingsOf(selection, keys),
        },
        first: keys[0],
        last: keys.at(-1),
        hasNext,
        hasPrevious,
      };
    },

    /**
     * The selection's mappings as file text, batch by batch: the map's contents (deleted ones left
     * out, so the file uploads again as it is), or for a changes selection every change, deletions
     * marked, with its state and previous value.
     */
    async *download(mapId: string, query: MappingsListQuery, format: DownloadFormat): AsyncGenerator<string> {
      const map = await requireMap(db, mapId);
      const { selection } = await selectionOf(map, query);
      const changes = selection.updatesOnly;
      if (format === 'json') yield '[\n';
      else yield changes ? CHANGES_CSV_HEADER : CSV_HEADER;
      let after: string | undefined;
      let first = true;
      for (;;) {
        const keys = await repository.selectKeys(db, selection, { after }, DOWNLOAD_BATCH);
        if (keys.length === 0) break;
        after = keys.at(-1);
        let chunk = '';
        for (const mapping of await mappingsOf(selection, keys)) {
          const line = changes ? changeOf(mapping, format, first) : contentOf(mapping, format, first);
          if (line === null) continue;
          chunk += line;
          first = false;
        }
        yield chunk;
      }
      if (format === 'json') yield '\n]\n';
    },

    async addMapping(actor: Actor, mapId: string, key: string, value: string): Promise<void> {
      await editMappings(actor, CONFIG_AUDIT_ACTIONS.mappingAdded, { mapId, key, value }, async (tx, map) => {
        if ((await repository.findCurrent(tx, mapId, key)) !== undefined) {
          throw conflict(CONFIG_MESSAGES.mappingExists(key));
        }
        await setValue(tx, map, key, value);
      });
    },

    /** Applies the JSON patch: the test must see the value as it is now, or nothing changes (409). */
    async patchMapping(actor: Actor, mapId: string, key: string, patch: MappingPatch): Promise<void> {
      const [test, replace] = patch;
      await editMappings(
        actor,
        CONFIG_AUDIT_ACTIONS.mappingUpdated,
        { mapId, key, from: test.value, to: replace.value },
        async (tx, map) => {
          const current = await repository.findCurrent(tx, mapId, key);
          if (current === undefined) {
            const closed = await repository.findClosedAt(tx, mapId, key, map.nextSeq);
            if (closed === undefined) throw notFound(CONFIG_MESSAGES.noMapping(key));
            throw conflict(CONFIG_MESSAGES.mappingChanged(key), { current: null });
          }
          if (current.value !== test.value) {
            throw conflict(CONFIG_MESSAGES.mappingChanged(key), {
              current: await currentMapping(tx, map, key),
            });
          }
          await setValue(tx, map, key, replace.value);
        },
      );
    },

    async deleteMapping(actor: Actor, mapId: string, key: string): Promise<void> {
      await editMappings(actor, CONFIG_AUDIT_ACTIONS.mappingDeleted, { mapId, key }, async (tx, map) => {
        const current = await repository.findCurrent(tx, mapId, key);
        if (current === undefined) throw notFound(CONFIG_MESSAGES.noMapping(key));
        if (current.from_seq === map.nextSeq) {
          await repository.deleteEntry(tx, mapId, key, current.from_seq);
        } else {
          await repository.setEntryEnd(tx, mapId, key, current.from_seq, map.nextSeq);
        }
      });
    },

    /** Replaces the map as edited with the file's mappings, or refuses the file and changes nothing. */
    async uploadMappings(
      actor: Actor,
      mapId: string,
      file: { content: Buffer; fileName: string | undefined; sha256: string },
    ): Promise<UploadMappingsResponse> {
      return editMappings(
        actor,
        CONFIG_AUDIT_ACTIONS.mappingsUploaded,
        { mapId, fileName: file.fileName ?? null, sha256: file.sha256, bytes: file.content.length },
        async (tx, map) => {
          const parsed = parseMappingsFile(file.content, file.fileName);
          if (!parsed.ok) {
            throw new AppError(
              400,
              ERROR_CODES.validation,
              `${FILE_MESSAGES.refused}: ${parsed.problems[0] ?? ''}`,
              parsed.problems.map((message) => ({ location: 'body', field: 'mappingsFile', message })),
            );
          }
          return repository.replaceAll(tx, mapId, map.nextSeq, parsed.file);
        },
        (result) => ({ ...result }),
      );
    },

    /** Submits the unsubmitted changes; earlier submissions still unreviewed join the same review. */
    async submit(actor: Actor, mapId: string, comment: string): Promise<MapVersion> {
      return editMappings(
        actor,
        CONFIG_AUDIT_ACTIONS.submitted,
        { mapId, comment },
        async (tx, map) => {
          const firstVersion = map.nextSeq === 1;
          if (!firstVersion && !(await repository.hasChangesAt(tx, mapId, map.nextSeq))) {
            throw conflict(CONFIG_MESSAGES.nothingToSubmit);
          }
          const row: VersionRow = {
            version_id: randomUUID(),
            map_id: mapId,
            seq: map.nextSeq,
            state: 'submitted',
            submitted_by: actor.username,
            submitted_at: clock.now(),
            comment,
            reviewed_by: null,
            reviewed_at: null,
            review_comment: null,
          };
          await repository.insertVersion(tx, row);
          await repository.updateMap(tx, mapId, { next_seq: map.nextSeq + 1 });
          const [submitted] = await withAuthors(tx, [row]);
          if (submitted === undefined) throw notFound(CONFIG_MESSAGES.noVersion);
          return submitted;
        },
        (version) => ({ versionId: version.versionId }),
      );
    },

    /**
     * Decides the map's review (every submitted version) at once: approved makes the newest the
     * applied version; otherwise every change since the applied version is discarded. Runs once:
     * the map row is locked and only submitted versions are decided.
     */
    async review(
      actor: Actor,
      mapId: string,
      versionId: string,
      approved: boolean,
      comment: string,
    ): Promise<MapVersion> {
      return changeMappings(
        actor,
        approved ? CONFIG_AUDIT_ACTIONS.approved : CONFIG_AUDIT_ACTIONS.rejected,
        { mapId, versionId, comment },
        async (tx, map) => {
          const version = await repository.findVersion(tx, mapId, versionId);
          if (version === undefined) throw notFound(CONFIG_MESSAGES.noVersion);
          if (version.state !== 'submitted') throw conflict(CONFIG_MESSAGES.alreadyReviewed);
          const bundle = await repository.listVersions(tx, [mapId], 'submitted');
          if (bundle[0]?.version_id !== versionId) throw conflict(CONFIG_MESSAGES.newerSubmission);
          const authors = await repository.authorsOf(
            tx,
            [mapId],
            bundle.map((submitted) => submitted.seq),
          );
          assertReviewerIsNotAuthor(
            actor,
            authors.map((author) => author.user_id),
          );
          const now = clock.now();
          const decided = await repository.decideSubmitted(tx, mapId, {
            state: approved ? 'applied' : 'rejected',
            reviewedBy: actor.username,
            reviewedAt: now,
            comment,
          });
          if (decided === 0) throw conflict(CONFIG_MESSAGES.alreadyReviewed);
          if (approved) {
            await repository.updateMap(tx, mapId, { applied_seq: version.seq });
          } else {
            await repository.discardAfter(tx, mapId, map.appliedSeq);
          }
          const reviewed = await repository.findVersion(tx, mapId, versionId);
          const [result] = reviewed === undefined ? [] : await withAuthors(tx, [reviewed]);
          if (result === undefined) throw notFound(CONFIG_MESSAGES.noVersion);
          return result;
        },
        (version) => ({ state: version.state }),
      );
    },

    /** Publishes every map's applied version; a map already at its pushed version keeps its push time. */
    async push(actor: Actor): Promise<PushResponse> {
      return runAuditedChange(
        actor,
        {
          action: CONFIG_AUDIT_ACTIONS.pushed,
          target: {},
          describe: (result: PushResponse) => ({ maps: result.maps }),
        },
        async (tx) => {
          const now = clock.now();
          const pushed: PushResponse['maps'] = [];
          for (const map of await repository.listMaps(tx)) {
            if (map.appliedSeq === 0) continue;
            const applied = await repository.findVersionBySeq(tx, map.id, map.appliedSeq);
            if (applied === undefined) continue;
            if (map.pushedSeq !== map.appliedSeq) {
              await repository.updateMap(tx, map.id, { pushed_seq: map.appliedSeq, pushed_at: now });
            }
            pushed.push({ id: map.id, versionId: applied.version_id });
          }
          return { maps: pushed };
        },
      );
    },

    // --- clients -------------------------------------------------------------------------

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
          await repository.upsertClient(tx, {
            clientId,
            secretHash: hashSecret(clientSecret),
            createdAt: clock.now(),
          });
          await repository.setSubscriptions(tx, clientId, unique);
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
          const client = await repository.findClient(tx, clientId);
          if (client === undefined) throw notFound(CONFIG_MESSAGES.noClient(clientId));
          const clientSecret = randomBytes(32).toString('base64url');
          await repository.upsertClient(tx, {
            clientId,
            secretHash: hashSecret(clientSecret),
            createdAt: client.created_at,
          });
          return clientSecret;
        },
      );
    },

    async listClients() {
      const clients = await repository.listClients(db);
      const subscriptions = await repository.listSubscriptions(db, {});
      return {
        clients: clients.map((client) => ({
          clientId: client.client_id,
          maps: subscriptions.filter((row) => row.client_id === client.client_id).map((row) => row.map_id),
        })),
      };
    },

    /** The client a client id and secret name, or undefined. */
    async authenticateClient(clientId: string, secret: string): Promise<string | undefined> {
      const client = await repository.findClient(db, clientId);
      const expected = Buffer.from(client?.secret_hash ?? hashSecret(randomUUID()), 'hex');
      const given = Buffer.from(hashSecret(secret), 'hex');
      const same = expected.length === given.length && timingSafeEqual(expected, given);
      return same && client?.secret_hash != null ? client.client_id : undefined;
    },

    /** The first 429 of a window of failed client sign-ins; a registered client is named as the actor. */
    async recordClientSignInLimited(refusal: ClientSignInRefusal): Promise<void> {
      const client = refusal.clientId === '' ? undefined : await repository.findClient(db, refusal.clientId);
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
      const subscriptions = await repository.listSubscriptions(db, { clientId });
      const maps: ClientMapsResponse['maps'] = [];
      for (const row of subscriptions) {
        const map = await requireMap(db, row.map_id);
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
      const [subscription] = await repository.listSubscriptions(db, { clientId, mapIds: [mapId] });
      if (subscription === undefined) throw notFound(CONFIG_MESSAGES.notSubscribed);
      const map = await requireMap(db, mapId);
      const pushed =
        map.pushedSeq === null ? undefined : await repository.findVersionBySeq(db, mapId, map.pushedSeq);
      if (pushed === undefined) throw notFound(CONFIG_MESSAGES.notPushed);
      const mappings: Array<{ key: string; value: string }> = [];
      let after: string | undefined;
      for (;;) {
        const batch = await repository.entriesAt(db, mapId, pushed.seq, after, CLIENT_FETCH_BATCH);
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
          const [subscription] = await repository.listSubscriptions(tx, { clientId, mapIds: [mapId] });
          if (subscription === undefined) throw notFound(CONFIG_MESSAGES.notSubscribed);
          const map = await requireMap(tx, mapId);
          const pushed =
            map.pushedSeq === null ? undefined : await repository.findVersionBySeq(tx, mapId, map.pushedSeq);
          if (pushed?.version_id !== ack.versionId) throw conflict(CONFIG_MESSAGES.notPushedVersion);
          await repository.recordAcknowledgement(tx, {
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
