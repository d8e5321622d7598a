import { randomInt } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@web-control/contract/permissions';
import { createAppSettingsService } from '../modules/app-settings/service.ts';
import { hashPassword, verifyPassword } from '../modules/auth/passwords.ts';
import { DEMO_INSTANCES, DEMO_ORIGINATOR_TYPES, DEMO_SERVICE_TYPES, DEMO_SERVICES } from './demo-topology.ts';
import type { Db } from './schema.ts';

const VIEWING_PERMISSIONS = [
  'VIEW_TRANSACTIONS',
  'MONITOR_SERVICES',
  'VIEW_PROCESSES',
  'VIEW_ACTIONS',
  'VIEW_AUDITS',
  'VIEW_MAPPINGS',
  'VIEW_LOAD_BALANCER',
  'VIEW_VOUCHERS',
] as const satisfies readonly Permission[];

/** The demo roles; role names are data, so these are only the first contents of the roles table. */
export const DEMO_ROLES: ReadonlyArray<{ name: string; permissions: readonly Permission[] }> = [
  { name: 'Administrator', permissions: PERMISSIONS },
  {
    name: 'Operator',
    permissions: [
      'VIEW_TRANSACTIONS',
      'MONITOR_SERVICES',
      'VIEW_LOAD_BALANCER',
      'EDIT_LOAD_BALANCER',
      'VIEW_MAPPINGS',
      'EDIT_MAPPINGS',
      'VIEW_VOUCHERS',
      'EDIT_VOUCHERS',
    ],
  },
  {
    name: 'Approver',
    permissions: [
      'VIEW_TRANSACTIONS',
      'MONITOR_SERVICES',
      'VIEW_LOAD_BALANCER',
      'VIEW_MAPPINGS',
      'APPROVE_MAPS',
      'PUSH_MAPS',
      'VIEW_VOUCHERS',
    ],
  },
  {
    name: 'Finance Operator',
    permissions: [
      'VIEW_TRANSACTIONS',
      'VIEW_PROCESSES',
      'MANAGE_PROCESSES',
      'SUBMIT_ACTIONS',
      'VIEW_ACTIONS',
      'VIEW_AUDITS',
      'RECON_SETTLEMENT',
      'DOWNLOAD_INBOX_FILES',
    ],
  },
  {
    name: 'Finance Approver',
    permissions: [
      'VIEW_TRANSACTIONS',
      'VIEW_PROCESSES',
      'VIEW_ACTIONS',
      'VIEW_AUDITS',
      'APPROVE_ACTIONS',
      'FINALISE_SETTLEMENTS',
      'RECON_ROLLBACK_FILE',
      'RECON_RELOAD_FILE',
      'DOWNLOAD_INBOX_FILES',
    ],
  },
  { name: 'Support', permissions: VIEWING_PERMISSIONS },
];

export const DEMO_USERS: ReadonlyArray<{ username: string; role: string }> = [
  { username: 'admin', role: 'Administrator' },
  { username: 'operator', role: 'Operator' },
  { username: 'approver', role: 'Approver' },
  { username: 'finance-operator', role: 'Finance Operator' },
  { username: 'finance-approver', role: 'Finance Approver' },
  { username: 'support', role: 'Support' },
];

export const DEMO_EMAIL_DOMAIN = 'demo.local';

/** Letters and digits that can't be mistaken for one another when read off a terminal. */
const READABLE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const PASSWORD_GROUPS = 4;
const PASSWORD_GROUP_LENGTH = 4;

/** e.g. "kx7m-p2qr-9tzw-h4ns": about 79 bits, easy to type. */
export function generateReadablePassword(): string {
  const groups = Array.from({ length: PASSWORD_GROUPS }, () =>
    Array.from(
      { length: PASSWORD_GROUP_LENGTH },
      () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)],
    ).join(''),
  );
  return groups.join('-');
}

export type DemoPasswordOutcome =
  /** Generated now: print it, it can't be recovered later. */
  | { kind: 'generated'; password: string }
  /** From DEMO_PASSWORD; `changed` when the demo users were re-hashed. */
  | { kind: 'from-environment'; changed: boolean }
  /** Generated at an earlier start and shown then. */
  | { kind: 'shown-before' };

export interface SeedResult {
  demoPassword: DemoPasswordOutcome;
}

/** Idempotent: safe at every start; never overwrites roles or users an administrator changed. */
export async function seed(db: Db, options: { demoPassword?: string | undefined }): Promise<SeedResult> {
  await db
    .insertInto('permissions')
    .values(PERMISSIONS.map((name) => ({ name })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const permissionIds = new Map(
    (await db.selectFrom('permissions').select(['permission_id', 'name']).execute()).map((row) => [
      row.name,
      row.permission_id,
    ]),
  );

  for (const role of DEMO_ROLES) {
    const created = await db
      .insertInto('roles')
      .values({ name: role.name })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning('role_id')
      .executeTakeFirst();
    // The Administrator keeps every permission, including ones added by later releases.
    if (created !== undefined || role.permissions === PERMISSIONS) {
      const roleId = created?.role_id ?? (await findRoleId(db, role.name));
      await db
        .insertInto('role_permissions')
        .values(
          role.permissions.map((name) => ({
            role_id: roleId,
            permission_id: requireId(permissionIds, name),
          })),
        )
        .onConflict((conflict) => conflict.columns(['role_id', 'permission_id']).doNothing())
        .execute();
    }
  }

  await seedSwitchTopology(db);

  const demoPassword = await settleDemoPassword(db, options.demoPassword);
  return { demoPassword: demoPassword.outcome };

  async function settleDemoPassword(
    database: Db,
    fromEnvironment: string | undefined,
  ): Promise<{ outcome: DemoPasswordOutcome }> {
    const appSettings = createAppSettingsService();
    const storedHash = await appSettings.getDemoPasswordHash(database);
    let password: string | undefined;
    let outcome: DemoPasswordOutcome;
    if (fromEnvironment !== undefined) {
      const unchanged = storedHash !== undefined && (await verifyPassword(storedHash, fromEnvironment));
      password = unchanged ? undefined : fromEnvironment;
      outcome = { kind: 'from-environment', changed: !unchanged };
    } else if (storedHash === undefined) {
      password = generateReadablePassword();
      outcome = { kind: 'generated', password };
    } else {
      outcome = { kind: 'shown-before' };
    }

    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    await database.transaction().execute(async (tx) => {
      for (const user of DEMO_USERS) {
        const roleId = await findRoleId(tx, user.role);
        if (passwordHash !== undefined) {
          await tx
            .insertInto('users')
            .values({
              username: user.username,
              email: `${user.username}@${DEMO_EMAIL_DOMAIN}`,
              msisdn: null,
              password_hash: passwordHash,
              role_id: roleId,
            })
            .onConflict((conflict) =>
              conflict
                .column('username')
                .doUpdateSet({ password_hash: passwordHash, failed_login_count: 0, locked_until: null }),
            )
            .execute();
        }
      }
      if (passwordHash !== undefined) {
        await appSettings.putDemoPasswordHash(tx, passwordHash);
      }
    });
    return { outcome };
  }
}

/** The demo switch; rows that exist are left alone, so an operator's weights and switches survive restarts. */
async function seedSwitchTopology(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('instances')
      .values(
        DEMO_INSTANCES.map((instance, position) => ({
          instance_id: instance.id,
          name: instance.name,
          description: instance.description,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('instance_id').doNothing())
      .execute();
    await tx
      .insertInto('nodes')
      .values(
        DEMO_INSTANCES.flatMap((instance, instancePosition) =>
          instance.nodes.map((node, position) => ({
            node_id: node.id,
            instance_id: instance.id,
            description: node.description,
            position: instancePosition * 100 + position,
          })),
        ),
      )
      .onConflict((conflict) => conflict.column('node_id').doNothing())
      .execute();
    await tx
      .insertInto('lb_services')
      .values(
        DEMO_SERVICES.map((service, position) => ({
          service_id: service.id,
          name: service.name,
          traffic_share: service.trafficShare,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('service_id').doNothing())
      .execute();
    const receivers = DEMO_SERVICES.flatMap((service) =>
      service.receivers.map((receiver, position) => ({ service, receiver, position })),
    );
    await tx
      .insertInto('receivers')
      .values(
        receivers.map(({ service, receiver, position }) => ({
          receiver_id: receiver.id,
          service_id: service.id,
          name: receiver.name,
          active: receiver.active,
          weight: receiver.weight,
          latency_median_ms: receiver.latencyMedianMs,
          latency_spread: receiver.latencySpread,
          failure_rate: receiver.failureRate,
          store_and_forward: receiver.storeAndForward,
          outage_every_seconds: receiver.outage?.everySeconds ?? null,
          outage_for_seconds: receiver.outage?.forSeconds ?? null,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('receiver_id').doNothing())
      .execute();
    await tx
      .insertInto('saf_queues')
      .values(
        receivers
          .filter(({ receiver }) => receiver.storeAndForward)
          .flatMap(({ receiver }) =>
            DEMO_INSTANCES.flatMap((instance) =>
              instance.nodes.map((node) => ({
                receiver_id: receiver.id,
                node_id: node.id,
                receiver_description: receiver.name,
              })),
            ),
          ),
      )
      .onConflict((conflict) => conflict.columns(['receiver_id', 'node_id']).doNothing())
      .execute();
    await tx
      .insertInto('service_types')
      .values(
        DEMO_SERVICE_TYPES.map((type, position) => ({
          service_type_id: type.id,
          service_desc: type.description,
          lb_service_id: type.serviceId,
          traffic_share: type.trafficShare,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('service_type_id').doNothing())
      .execute();
    await tx
      .insertInto('originator_types')
      .values(
        DEMO_ORIGINATOR_TYPES.map((type, position) => ({
          originator_type_id: type.id,
          originator_desc: type.description,
          position,
        })),
      )
      .onConflict((conflict) => conflict.column('originator_type_id').doNothing())
      .execute();
  });
}

async function findRoleId(db: Pick<Db, 'selectFrom'>, name: string): Promise<number> {
  const row = await db
    .selectFrom('roles')
    .select('role_id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.role_id;
}

function requireId(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) {
    throw new Error(`Permission ${name} is missing after seeding`);
  }
  return id;
}
