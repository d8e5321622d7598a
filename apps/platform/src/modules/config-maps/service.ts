import { randomUUID } from 'node:crypto';
import {
  MAP_ID_TAKEN_MESSAGE,
  MAP_NAME_TAKEN_MESSAGE,
  type ConfigMap,
  type CreateMapBody,
  type Mapping,
  type MappingPatch,
  type MapVersion,
  type PushResponse,
  type UploadMappingsResponse,
  type VersionState,
} from '@web-control/contract/config-maps';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { Clock } from '../../clock.ts';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { AppError, conflict, fieldConflict, notFound } from '../../errors.ts';
import { assertReviewerIsNotAuthor } from '../approvals/service.ts';
import { createAuditedChange, type Actor } from '../audit/audited-change.ts';
import type { AuditService } from '../audit/service.ts';
import { createConfigClientsService } from './clients-service.ts';
import { FILE_MESSAGES, parseMappingsFile } from './files.ts';
import { describeMaps } from './map-descriptions.ts';
import { toMapping, toVersion } from './mapping-rows.ts';
import { createMappingsReader } from './mappings-reader.ts';
import { CONFIG_AUDIT_ACTIONS, CONFIG_MESSAGES } from './messages.ts';
import { createConfigClientsRepository } from './clients-repository.ts';
import { createMapEntriesRepository } from './entries-repository.ts';
import {
  createConfigMapsRepository,
  neverSubmitted,
  WORKING_SEQ,
  type MapRecord,
  type VersionRow,
} from './repository.ts';
import { requireMap } from './require-map.ts';

export type ConfigMapsService = ReturnType<typeof createConfigMapsService>;

export function createConfigMapsService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const { db, clock } = deps;
  const repository = createConfigMapsRepository();
  const entries = createMapEntriesRepository();
  const clientsRepository = createConfigClientsRepository();
  const runAuditedChange = createAuditedChange(deps);
  const mappings = createMappingsReader({ db, repository, entries });
  const clients = createConfigClientsService({
    ...deps,
    repository,
    clientsRepository,
    entries,
    runAuditedChange,
  });
  const repositories = { maps: repository, entries, clients: clientsRepository };

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
        const map = await requireMap(repository, tx, String(target.mapId), true);
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
    const current = await entries.findCurrent(tx, map.id, key);
    const closed = await entries.findClosedAt(tx, map.id, key, draft);
    if (current?.from_seq === draft) {
      if (closed !== undefined && closed.value === value) {
        await entries.deleteEntry(tx, map.id, key, draft);
        await entries.setEntryEnd(tx, map.id, key, closed.from_seq, null);
      } else {
        await entries.setEntryValue(tx, map.id, key, draft, value);
      }
      return;
    }
    if (current !== undefined) {
      if (current.value === value) return;
      await entries.setEntryEnd(tx, map.id, key, current.from_seq, draft);
      await entries.insertEntry(tx, map.id, { key, value, fromSeq: draft });
      return;
    }
    if (closed !== undefined && closed.value === value) {
      await entries.setEntryEnd(tx, map.id, key, closed.from_seq, null);
    } else {
      await entries.insertEntry(tx, map.id, { key, value, fromSeq: draft });
    }
  }

  async function currentMapping(tx: DbExecutor, map: MapRecord, key: string): Promise<Mapping | null> {
    const rows = await entries.entriesOf(tx, map.id, [key], { seq: WORKING_SEQ, fromSeq: map.appliedSeq });
    const mapping = toMapping(key, rows, WORKING_SEQ, map.appliedSeq);
    return mapping.value === null ? null : mapping;
  }

  return {
    ...mappings,
    ...clients,

    async listMaps(options: { onlyPendingReview?: boolean | undefined }): Promise<ConfigMap[]> {
      const maps = await describeMaps(repositories, db, await repository.listMaps(db), clock.now());
      return options.onlyPendingReview === true ? maps.filter((map) => map.pendingReview) : maps;
    },

    async getMap(mapId: string): Promise<ConfigMap> {
      const [map] = await describeMaps(
        repositories,
        db,
        [await requireMap(repository, db, mapId)],
        clock.now(),
      );
      if (map === undefined) throw notFound(CONFIG_MESSAGES.noMap(mapId));
      return map;
    },

    async createMap(actor: Actor, { id, name }: CreateMapBody): Promise<{ id: string; name: string }> {
      return runAuditedChange(
        actor,
        { action: CONFIG_AUDIT_ACTIONS.mapCreated, target: { mapId: id } },
        async (tx) => {
          if (await repository.nameTaken(tx, name)) {
            throw fieldConflict(MAP_NAME_TAKEN_MESSAGE(name), 'name');
          }
          const created = await repository.insertMap(tx, {
            id,
            name,
            createdAt: clock.now(),
            createdBy: actor.username,
          });
          if (!created) {
            throw fieldConflict(MAP_ID_TAKEN_MESSAGE(id), 'id');
          }
          return { id, name };
        },
      );
    },

    async listVersions(mapId: string, state?: VersionState): Promise<MapVersion[]> {
      await requireMap(repository, db, mapId);
      return withAuthors(db, await repository.listVersions(db, [mapId], state));
    },

    async addMapping(actor: Actor, mapId: string, key: string, value: string): Promise<void> {
      await editMappings(actor, CONFIG_AUDIT_ACTIONS.mappingAdded, { mapId, key, value }, async (tx, map) => {
        if ((await entries.findCurrent(tx, mapId, key)) !== undefined) {
          throw fieldConflict(CONFIG_MESSAGES.mappingExists(key), 'key');
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
          const current = await entries.findCurrent(tx, mapId, key);
          if (current === undefined) {
            const closed = await entries.findClosedAt(tx, mapId, key, map.nextSeq);
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
        const current = await entries.findCurrent(tx, mapId, key);
        if (current === undefined) throw notFound(CONFIG_MESSAGES.noMapping(key));
        if (current.from_seq === map.nextSeq) {
          await entries.deleteEntry(tx, mapId, key, current.from_seq);
        } else {
          await entries.setEntryEnd(tx, mapId, key, current.from_seq, map.nextSeq);
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
          return entries.replaceAll(tx, mapId, map.nextSeq, parsed.file);
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
          if (!neverSubmitted(map) && !(await entries.hasChangesAt(tx, mapId, map.nextSeq))) {
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
            await entries.discardAfter(tx, mapId, map.appliedSeq);
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
  };
}
