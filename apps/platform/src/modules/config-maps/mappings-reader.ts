import {
  MAPPINGS_PAGE_SIZE_DEFAULT,
  VERSION_APPLIED,
  VERSION_SUBMITTED,
  VERSION_UNSUBMITTED,
  type DownloadFormat,
  type Mapping,
  type MappingsResponse,
  type VersionSelector,
} from '@web-control/contract/config-maps';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { changeOf, CHANGES_CSV_HEADER, contentOf, CSV_HEADER } from './files.ts';
import { matchesValuePrefix, toMapping } from './mapping-rows.ts';
import { CONFIG_MESSAGES } from './messages.ts';
import { WORKING_SEQ, type ConfigMapsRepository, type MapRecord } from './repository.ts';
import type { EntryRow, MapEntriesRepository, MappingSelection } from './entries-repository.ts';
import { requireMap } from './require-map.ts';

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

/** A map's mappings as a version shows them against another: a page of the list, or the whole file. */
export function createMappingsReader(deps: {
  db: Db;
  repository: ConfigMapsRepository;
  entries: MapEntriesRepository;
}) {
  const { db, repository, entries } = deps;

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
    const rows = await entries.entriesOf(db, selection.mapId, keys, selection);
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

  return {
    async listMappings(mapId: string, query: MappingsListQuery): Promise<MappingsPage> {
      const map = await requireMap(repository, db, mapId);
      const { selection, version, from } = await selectionOf(map, query);
      const size = query.pageSize ?? MAPPINGS_PAGE_SIZE_DEFAULT;
      let keys: string[];
      let hasNext: boolean;
      let hasPrevious: boolean;
      if (query.beforeKey !== undefined) {
        keys = await entries.selectKeys(db, selection, { before: query.beforeKey }, size + 1);
        hasPrevious = keys.length > size;
        if (hasPrevious) keys = keys.slice(1);
        hasNext = true;
      } else {
        keys = await entries.selectKeys(db, selection, { after: query.afterKey }, size + 1);
        hasNext = keys.length > size;
        if (hasNext) keys = keys.slice(0, size);
        const first = keys[0];
        hasPrevious =
          query.afterKey !== undefined &&
          (first === undefined || (await entries.selectKeys(db, selection, { before: first }, 1)).length > 0);
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
      const map = await requireMap(repository, db, mapId);
      const { selection } = await selectionOf(map, query);
      const changes = selection.updatesOnly;
      if (format === 'json') yield '[\n';
      else yield changes ? CHANGES_CSV_HEADER : CSV_HEADER;
      let after: string | undefined;
      let first = true;
      for (;;) {
        const keys = await entries.selectKeys(db, selection, { after }, DOWNLOAD_BATCH);
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
  };
}
