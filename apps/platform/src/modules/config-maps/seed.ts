import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, DbExecutor } from '../../db/schema.ts';
import { DEMO_INSTANCES } from '../../db/demo-topology.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../time.ts';
import { createAuthRepository } from '../auth/repository.ts';

/** The demo's large map. */
export const BIN_ROUTING_MAP = 'bin-routing';
export const BIN_ROUTING_ENTRIES = 100_000;
/** The map whose newest submission (by the demo operator) waits for review. */
export const PENDING_REVIEW_MAP = 'merchant-category-codes';
/** A switch node rejects its newest version: one timeout is not a whole number of milliseconds. */
export const RECEIVER_TIMEOUTS_MAP = 'receiver-timeouts';
export const CURRENCY_CODES_MAP = 'currency-codes';
/** Nobody subscribes to it. */
export const UNSUBSCRIBED_MAP = 'holiday-calendar';

/** The switch nodes of the demo topology are the clients. */
export const DEMO_CLIENT_IDS = DEMO_INSTANCES.flatMap((instance) => instance.nodes.map((node) => node.id));
export const SUBSCRIBED_MAPS = [
  BIN_ROUTING_MAP,
  PENDING_REVIEW_MAP,
  RECEIVER_TIMEOUTS_MAP,
  CURRENCY_CODES_MAP,
];

const OPERATOR = 'operator';
const APPROVER = 'approver';

const MERCHANT_CATEGORY_CODES: Array<[string, string]> = [
  ['4111', 'Commuter transport'],
  ['4121', 'Taxicabs and limousines'],
  ['4131', 'Bus lines'],
  ['4511', 'Airlines'],
  ['4722', 'Travel agencies'],
  ['4812', 'Telecommunication equipment'],
  ['4814', 'Telecommunication services'],
  ['4900', 'Utilities'],
  ['5045', 'Computers and peripherals'],
  ['5111', 'Stationery and office supplies'],
  ['5200', 'Home supply warehouse stores'],
  ['5251', 'Hardware stores'],
  ['5311', 'Department stores'],
  ['5411', 'Grocery stores and supermarkets'],
  ['5441', 'Candy and confectionery stores'],
  ['5499', 'Miscellaneous food stores'],
  ['5541', 'Service stations'],
  ['5542', 'Automated fuel dispensers'],
  ['5651', 'Family clothing stores'],
  ['5691', "Men's and women's clothing stores"],
  ['5732', 'Electronics stores'],
  ['5812', 'Eating places and restaurants'],
  ['5813', 'Bars and taverns'],
  ['5814', 'Fast food restaurants'],
  ['5912', 'Drug stores and pharmacies'],
  ['5942', 'Book stores'],
  ['5999', 'Miscellaneous retail'],
  ['6010', 'Manual cash disbursements'],
  ['6011', 'Automated cash disbursements'],
  ['6300', 'Insurance'],
  ['7011', 'Hotels and motels'],
  ['7230', 'Beauty and barber shops'],
  ['7512', 'Car rental'],
  ['7832', 'Motion picture theatres'],
  ['8011', 'Doctors'],
  ['8062', 'Hospitals'],
  ['8220', 'Colleges and universities'],
  ['8999', 'Professional services'],
  ['9311', 'Tax payments'],
  ['9399', 'Government services'],
];

const CURRENCY_CODES: Array<[string, string]> = [
  ['036', 'AUD'],
  ['072', 'BWP'],
  ['124', 'CAD'],
  ['156', 'CNY'],
  ['208', 'DKK'],
  ['356', 'INR'],
  ['392', 'JPY'],
  ['404', 'KES'],
  ['426', 'LSL'],
  ['454', 'MWK'],
  ['480', 'MUR'],
  ['516', 'NAD'],
  ['566', 'NGN'],
  ['578', 'NOK'],
  ['643', 'RUB'],
  ['710', 'ZAR'],
  ['748', 'SZL'],
  ['752', 'SEK'],
  ['756', 'CHF'],
  ['826', 'GBP'],
  ['834', 'TZS'],
  ['840', 'USD'],
  ['894', 'ZMW'],
  ['936', 'GHS'],
  ['943', 'MZN'],
  ['946', 'RON'],
  ['949', 'TRY'],
  ['953', 'XPF'],
  ['973', 'AOA'],
  ['978', 'EUR'],
];

const RECEIVER_TIMEOUTS: Array<[string, string]> = [
  ['visa-base-i', '8000'],
  ['mastercard-cis', '8000'],
  ['amex-gn', '10000'],
  ['local-acquirer', '5000'],
  ['bill-payments', '15000'],
  ['airtime-vendor', '12000'],
];

const HOLIDAYS: Array<[string, string]> = [
  ['2026-01-01', "New Year's Day"],
  ['2026-03-21', 'Human Rights Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Family Day'],
  ['2026-04-27', 'Freedom Day'],
  ['2026-05-01', "Workers' Day"],
  ['2026-06-16', 'Youth Day'],
  ['2026-08-10', "National Women's Day"],
  ['2026-09-24', 'Heritage Day'],
  ['2026-12-16', 'Day of Reconciliation'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-26', 'Day of Goodwill'],
];

interface DemoVersion {
  /** How long before the seed it was submitted, and (applied ones) approved an hour later. */
  ageMs: number;
  comment: string;
  applied: boolean;
  /** Changes against the version before it. */
  set?: Array<[string, string]>;
  remove?: string[];
}

async function insertVersion(
  db: DbExecutor,
  mapId: string,
  seq: number,
  version: DemoVersion,
  now: number,
): Promise<void> {
  const submittedAt = new Date(now - version.ageMs);
  await db
    .insertInto('config_map_versions')
    .values({
      version_id: randomUUID(),
      map_id: mapId,
      seq,
      state: version.applied ? 'applied' : 'submitted',
      submitted_by: OPERATOR,
      submitted_at: submittedAt,
      comment: version.comment,
      reviewed_by: version.applied ? APPROVER : null,
      reviewed_at: version.applied ? new Date(submittedAt.getTime() + HOUR_MS) : null,
      review_comment: version.applied ? 'Checked against the change request.' : null,
    })
    .execute();
}

/** Applies a version's changes as rows starting at `seq` (closing the rows they replace). */
async function applyChanges(db: DbExecutor, mapId: string, seq: number, version: DemoVersion): Promise<void> {
  const changed = [...(version.set ?? []).map(([key]) => key), ...(version.remove ?? [])];
  if (changed.length > 0) {
    await db
      .updateTable('config_map_entries')
      .set({ to_seq: seq })
      .where('map_id', '=', mapId)
      .where('to_seq', 'is', null)
      .where('key', 'in', changed)
      .execute();
  }
  if ((version.set ?? []).length > 0) {
    await db
      .insertInto('config_map_entries')
      .values(
        (version.set ?? []).map(([key, value]) => ({
          map_id: mapId,
          key,
          value,
          from_seq: seq,
          to_seq: null,
        })),
      )
      .execute();
  }
}

/** The demo operator made and submitted every seeded version (without users, nobody is known). */
async function recordOperatorAsAuthor(db: DbExecutor): Promise<void> {
  const operator = await createAuthRepository().findUserByUsername(db, OPERATOR);
  if (operator === undefined) return;
  const versions = await db.selectFrom('config_map_versions').select(['map_id', 'seq']).execute();
  await db
    .insertInto('config_map_authors')
    .values(
      versions.map((version) => ({ ...version, user_id: operator.user_id, username: operator.username })),
    )
    .execute();
}

/** A map with its versions; the newest applied one is applied and pushed an hour before the seed. */
async function seedMap(db: DbExecutor, mapId: string, versions: DemoVersion[], now: number): Promise<void> {
  const created = new Date(now - (versions[0]?.ageMs ?? 0) - HOUR_MS);
  await db
    .insertInto('config_maps')
    .values({ map_id: mapId, name: mapId, created_at: created, created_by: OPERATOR })
    .execute();
  let appliedSeq = 0;
  for (const [index, version] of versions.entries()) {
    const seq = index + 1;
    await insertVersion(db, mapId, seq, version, now);
    await applyChanges(db, mapId, seq, version);
    if (version.applied) appliedSeq = seq;
  }
  await db
    .updateTable('config_maps')
    .set({
      next_seq: versions.length + 1,
      applied_seq: appliedSeq,
      pushed_seq: appliedSeq === 0 ? null : appliedSeq,
      pushed_at: appliedSeq === 0 ? null : new Date(now - HOUR_MS),
    })
    .where('map_id', '=', mapId)
    .execute();
}

const BIN_ROUTES = sql`(array['mastercard-cis', 'amex-gn', 'visa-base-i', 'mastercard-cis', 'discover-net',
  'local-acquirer', 'local-acquirer', 'on-us', 'on-us'])`;

/**
 * The BIN routing map's first version, set-based: `entries` distinct six-digit BINs (i × 7919
 * mod 800 000 is distinct for i below 800 000) each routed by its first digit.
 */
async function seedBinRouting(db: DbExecutor, entries: number, now: number): Promise<void> {
  const versions: DemoVersion[] = [
    { ageMs: 30 * DAY_MS, comment: 'Initial BIN table from the scheme files', applied: true },
    {
      ageMs: 9 * DAY_MS,
      comment: 'Route the new co-badged range locally',
      applied: true,
      set: [
        ['200000', 'local-acquirer'],
        ['207919', 'local-acquirer'],
      ],
    },
    {
      ageMs: 2 * DAY_MS,
      comment: 'Quarterly scheme BIN update',
      applied: true,
      set: [['215838', 'on-us']],
    },
  ];
  await db
    .insertInto('config_maps')
    .values({
      map_id: BIN_ROUTING_MAP,
      name: BIN_ROUTING_MAP,
      created_at: new Date(now - 31 * DAY_MS),
      created_by: OPERATOR,
    })
    .execute();
  await insertVersion(db, BIN_ROUTING_MAP, 1, versions[0] as DemoVersion, now);
  await sql`
    insert into config_map_entries (map_id, key, value, from_seq, to_seq)
    select ${BIN_ROUTING_MAP}, bin, (${BIN_ROUTES})[substr(bin, 1, 1)::int - 1], 1, null
    from (select ((i * 7919) % 800000 + 200000)::text collate "C" as bin
      from generate_series(0, ${entries - 1}) as i) as bins
    order by bin`.execute(db);
  // Statistics now: PGlite has no autovacuum, and without them the planner reads the whole map
  // through a bitmap and sorts it for a 25-row page instead of walking the primary key.
  await sql`analyze config_map_entries`.execute(db);
  for (const [index, version] of versions.slice(1).entries()) {
    await insertVersion(db, BIN_ROUTING_MAP, index + 2, version, now);
    await applyChanges(db, BIN_ROUTING_MAP, index + 2, version);
  }
  await db
    .updateTable('config_maps')
    // Pushed six minutes ago: the node that applies it ten minutes after a push is late at first.
    .set({
      next_seq: versions.length + 1,
      applied_seq: versions.length,
      pushed_seq: versions.length,
      pushed_at: new Date(now - 6 * MINUTE_MS),
    })
    .where('map_id', '=', BIN_ROUTING_MAP)
    .execute();
}

/**
 * The demo maps, their versions (applied history, one review pending from the demo operator), the
 * four switch nodes as clients (without a secret: the simulator issues them one when it starts)
 * and their subscriptions. Only on an empty map table: what people changed is never overwritten.
 */
export async function seedConfigMaps(
  db: Db,
  options: { binRoutingEntries?: number; now?: Date } = {},
): Promise<void> {
  const existing = await db.selectFrom('config_maps').select('map_id').limit(1).executeTakeFirst();
  if (existing !== undefined) return;
  const now = (options.now ?? new Date()).getTime();
  await db.transaction().execute(async (tx) => {
    await seedBinRouting(tx, options.binRoutingEntries ?? BIN_ROUTING_ENTRIES, now);
    await seedMap(
      tx,
      PENDING_REVIEW_MAP,
      [
        {
          ageMs: 20 * DAY_MS,
          comment: 'Merchant category codes in use',
          applied: true,
          set: MERCHANT_CATEGORY_CODES,
        },
        {
          ageMs: 6 * DAY_MS,
          comment: 'Add fuel dispensers wording from the scheme bulletin',
          applied: true,
          set: [['5542', 'Automated fuel dispensers (self-service)']],
        },
        {
          ageMs: 3 * HOUR_MS,
          comment: 'Add digital goods, rename fast food, drop the unused tax code',
          applied: false,
          set: [
            ['5815', 'Digital goods: media'],
            ['5814', 'Fast food restaurants and takeaways'],
          ],
          remove: ['9311'],
        },
      ],
      now,
    );
    await seedMap(
      tx,
      RECEIVER_TIMEOUTS_MAP,
      [
        {
          ageMs: 14 * DAY_MS,
          comment: 'Receiver timeouts in milliseconds',
          applied: true,
          set: RECEIVER_TIMEOUTS,
        },
        {
          ageMs: DAY_MS,
          comment: 'Longer timeout for the airtime vendor during their migration',
          applied: true,
          set: [['airtime-vendor', '30s']],
        },
      ],
      now,
    );
    await seedMap(
      tx,
      CURRENCY_CODES_MAP,
      [
        {
          ageMs: 60 * DAY_MS,
          comment: 'ISO 4217 numeric to alphabetic codes',
          applied: true,
          set: CURRENCY_CODES,
        },
      ],
      now,
    );
    await seedMap(
      tx,
      UNSUBSCRIBED_MAP,
      [{ ageMs: 40 * DAY_MS, comment: 'Public holidays 2026', applied: true, set: HOLIDAYS }],
      now,
    );
    await recordOperatorAsAuthor(tx);
    await tx
      .insertInto('config_clients')
      .values(
        DEMO_CLIENT_IDS.map((clientId) => ({
          client_id: clientId,
          secret_hash: null,
          created_at: new Date(now),
        })),
      )
      .execute();
    await tx
      .insertInto('config_client_maps')
      .values(
        DEMO_CLIENT_IDS.flatMap((clientId) =>
          SUBSCRIBED_MAPS.map((mapId) => ({
            client_id: clientId,
            map_id: mapId,
            applied_version_id: null,
            last_ack_version_id: null,
            last_ack_status: null,
            log_time: null,
            log_message: null,
          })),
        ),
      )
      .execute();
  });
}
