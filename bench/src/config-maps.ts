import { sql } from 'kysely';
import { mappingsResponseSchema, uploadMappingsResponseSchema } from '@web-control/contract/config-maps';
import { measure, signIn, startBenchPlatform, type BenchDatabase, type Latency } from './platform.ts';

/** The demo's large map, seeded by the platform's first start (DEMO_BIN_ROUTING_ENTRIES). */
export const BENCH_MAP = 'bin-routing';
export const BENCH_MAP_ENTRIES = 100_000;
/** Unsubmitted edits made before the lists are timed: 8 000 updated, 1 000 deleted, 1 000 added. */
export const BENCH_MAP_EDITS = 10_000;
export const UPLOAD_LINES = 100_000;
const UPLOAD_RUNS = 3;
/** A two-digit prefix holds about 1 250 of the map's six-digit BINs: several pages. */
const KEY_PREFIX = '45';
/** All Changes is followed this many pages in to time a page from its middle. */
const LATER_PAGE = 20;

export interface MapListFigure extends Latency {
  scenario: string;
  path: string;
  rows: number;
}

export interface UploadFigure {
  seconds: number;
  added: number;
  updated: number;
  deleted: number;
}

export interface ConfigMapFigures {
  database: string;
  entries: number;
  /** The platform's start: migrations, and on a fresh database the seed of the map. */
  startSeconds: number;
  edits: { updated: number; deleted: number; added: number };
  health: Latency;
  lists: MapListFigure[];
  uploads: UploadFigure[];
  uploadBytes: number;
}

/**
 * The configuration maps at 100 000 mappings: the demo's bin-routing map as the platform seeds it,
 * 10 000 unsubmitted edits made set-based the way the module stores them (the current row ends at
 * the map's next seq, the new value starts there), the list calls timed over HTTP against
 * /api/health, then the upload of a 100 000-line CSV. Every run discards its unsubmitted changes
 * first and last, so the database stays at the seeded map.
 */
export async function measureConfigMaps(target: BenchDatabase): Promise<ConfigMapFigures> {
  const started = performance.now();
  const platform = await startBenchPlatform(target);
  const startSeconds = (performance.now() - started) / 1000;
  try {
    const db = platform.app.services.database.db;
    const map = await db
      .selectFrom('config_maps')
      .select(['next_seq', 'applied_seq'])
      .where('map_id', '=', BENCH_MAP)
      .executeTakeFirstOrThrow();
    const draft = map.next_seq;
    const discard = async () => {
      await db
        .deleteFrom('config_map_entries')
        .where('map_id', '=', BENCH_MAP)
        .where('from_seq', '>=', draft)
        .execute();
      await db
        .updateTable('config_map_entries')
        .set({ to_seq: null })
        .where('map_id', '=', BENCH_MAP)
        .where('to_seq', '>=', draft)
        .execute();
    };
    await discard();
    const entries = Number(
      (
        await db
          .selectFrom('config_map_entries')
          .select((eb) => eb.fn.countAll<string | number>().as('total'))
          .where('map_id', '=', BENCH_MAP)
          .where('to_seq', 'is', null)
          .executeTakeFirstOrThrow()
      ).total,
    );
    if (entries < BENCH_MAP_ENTRIES) {
      throw new Error(
        `${BENCH_MAP} holds ${entries.toString()} mappings, not ${BENCH_MAP_ENTRIES.toString()}: bench on a fresh database (DEMO_BIN_ROUTING_ENTRIES unset).`,
      );
    }
    const edits = await editMap(db, draft);

    const operator = await signIn(platform.url, 'operator');
    const base = `${platform.url}/api/config/maps/${BENCH_MAP}/mappings`;
    const get = (path: string) => fetch(`${platform.url}${path}`, { headers: operator });
    const mappingsPath = (query: Record<string, string>) => {
      const search = new URLSearchParams(query).toString();
      return `/api/config/maps/${BENCH_MAP}/mappings${search === '' ? '' : `?${search}`}`;
    };
    // A page in the middle of All Changes: the path its nextPage links lead to.
    let laterPath = mappingsPath({ 'updates-only': 'true' });
    for (let page = 1; page < LATER_PAGE; page += 1) {
      const answer = mappingsResponseSchema.parse(await (await get(laterPath)).json());
      if (answer.paging.nextPage === null) break;
      laterPath = answer.paging.nextPage;
    }
    const scenarios = [
      { scenario: 'All Mappings, first page', path: mappingsPath({}) },
      { scenario: `key prefix ${KEY_PREFIX}, first page`, path: mappingsPath({ 'key-prefix': KEY_PREFIX }) },
      { scenario: 'All Changes (updates-only), first page', path: mappingsPath({ 'updates-only': 'true' }) },
      { scenario: `All Changes, page ${LATER_PAGE.toString()} (via nextPage)`, path: laterPath },
      {
        scenario: 'Viewing (applied version), first page',
        path: mappingsPath({ version: 'applied' }),
      },
    ];

    const health = await measure(() => fetch(`${platform.url}/api/health`));
    const lists: MapListFigure[] = [];
    for (const scenario of scenarios) {
      const answer = mappingsResponseSchema.parse(await (await get(scenario.path)).json());
      const figure = await measure(() => get(scenario.path));
      lists.push({
        scenario: scenario.scenario,
        path: scenario.path,
        rows: answer.mappings.length,
        ...figure,
      });
    }

    const file = await uploadFile(db, map.applied_seq);
    const uploads: UploadFigure[] = [];
    for (let run = 0; run < UPLOAD_RUNS; run += 1) {
      const form = new FormData();
      form.append('mappingsFile', new Blob([file], { type: 'text/csv' }), `${BENCH_MAP}.csv`);
      const begin = performance.now();
      const response = await fetch(base, { method: 'PUT', headers: operator, body: form });
      const body: unknown = await response.json();
      const seconds = (performance.now() - begin) / 1000;
      if (!response.ok) {
        throw new Error(`The upload failed with ${response.status.toString()}: ${JSON.stringify(body)}`);
      }
      uploads.push({ seconds, ...uploadMappingsResponseSchema.parse(body) });
    }
    await discard();
    return {
      database: platform.app.services.database.location,
      entries,
      startSeconds,
      edits,
      health,
      lists,
      uploads,
      uploadBytes: Buffer.byteLength(file),
    };
  } finally {
    await platform.close();
  }
}

type BenchDb = Awaited<ReturnType<typeof startBenchPlatform>>['app']['services']['database']['db'];

/**
 * Every tenth current mapping in key order is edited at the map's next seq: of each hundred, eight
 * get another value, one is deleted and one gets a new key beside it, spread over the whole map.
 */
async function editMap(db: BenchDb, draft: number) {
  return db.transaction().execute(async (tx) => {
    await sql`create temporary table bench_map_edits on commit drop as
      select key, value, (n / 10) % 10 as kind from (
        select key, value, row_number() over (order by key) - 1 as n
        from config_map_entries where map_id = ${BENCH_MAP} and to_seq is null
      ) as current where n % 10 = 0 and n < ${BENCH_MAP_EDITS * 10}`.execute(tx);
    const closed = await sql`update config_map_entries as e set to_seq = ${draft}
      from bench_map_edits as edit
      where e.map_id = ${BENCH_MAP} and e.to_seq is null and e.key = edit.key and edit.kind < 9`.execute(tx);
    const updated = await sql`insert into config_map_entries (map_id, key, value, from_seq, to_seq)
      select ${BENCH_MAP}, key, case when value = 'on-us' then 'local-acquirer' else 'on-us' end, ${draft}, null
      from bench_map_edits where kind < 8`.execute(tx);
    const added = await sql`insert into config_map_entries (map_id, key, value, from_seq, to_seq)
      select ${BENCH_MAP}, key || '0', 'local-acquirer', ${draft}, null
      from bench_map_edits where kind = 9`.execute(tx);
    const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0n);
    return {
      updated: count(updated),
      deleted: count(closed) - count(updated),
      added: count(added),
    };
  });
}

/**
 * The scheme's new BIN file: the applied map's 100 000 BINs, one in fifty routed elsewhere and
 * one in fifty replaced by a new BIN, as a `key,value` CSV.
 */
async function uploadFile(db: BenchDb, appliedSeq: number): Promise<string> {
  const rows = await sql<{ key: string; value: string }>`
    select key, value from config_map_entries
    where map_id = ${BENCH_MAP} and from_seq <= ${appliedSeq} and (to_seq is null or to_seq > ${appliedSeq})
    order by key limit ${UPLOAD_LINES}`.execute(db);
  const lines = ['key,value'];
  for (const [index, row] of rows.rows.entries()) {
    if (index % 50 === 0) lines.push(`${row.key},${row.value === 'on-us' ? 'local-acquirer' : 'on-us'}`);
    else if (index % 50 === 25) lines.push(`${row.key}5,${row.value}`);
    else lines.push(`${row.key},${row.value}`);
  }
  return `${lines.join('\n')}\n`;
}
