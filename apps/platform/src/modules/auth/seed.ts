import { randomInt } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@web-control/contract/permissions';
import type { Db } from '../../db/schema.ts';
import { createAppSettingsService } from '../app-settings/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

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
      'RECON_ROLLBACK_FILE',
      'RECON_RELOAD_FILE',
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
      'RECON_SETTLEMENT',
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

/**
 * The permissions, the demo roles and users. Idempotent: never overwrites roles or users an
 * administrator changed.
 */
export async function seedAuth(
  db: Db,
  options: { demoPassword?: string | undefined },
): Promise<DemoPasswordOutcome> {
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

  const demoPassword = await settleDemoPassword(db, options.demoPassword);
  return demoPassword.outcome;

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
