import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@web-control/contract/permissions';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { createUnseededTestDatabase } from '../testing/test-database.ts';
import { TEST_BIN_ROUTING_ENTRIES } from '../testing/constants.ts';
import { DEMO_USERS } from '../modules/auth/seed.ts';
import { DEMO_INSTANCES, DEMO_ORIGINATOR_TYPES, DEMO_SERVICE_TYPES, DEMO_SERVICES } from './demo-topology.ts';
import { seed } from './seed.ts';

const freshDatabase = createUnseededTestDatabase;

describe('seed', () => {
  it('generates a readable demo password once, stores it only hashed, and is idempotent', async () => {
    const { db, close } = await freshDatabase();
    try {
      const first = await seed(db, { binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      if (first.demoPassword.kind !== 'generated') {
        throw new Error('expected a generated password');
      }
      const password = first.demoPassword.password;
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);

      const second = await seed(db, { binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      expect(second.demoPassword).toEqual({ kind: 'shown-before' });

      const users = await db
        .selectFrom('users')
        .select(['username', 'password_hash', 'email'])
        .orderBy('username')
        .execute();
      expect(users.map((user) => user.username).sort()).toEqual(
        DEMO_USERS.map((user) => user.username).sort(),
      );
      for (const user of users) {
        expect(user.password_hash).not.toContain(password);
        expect(await verifyPassword(user.password_hash, password)).toBe(true);
        expect(user.email).toBe(`${user.username}@demo.local`);
      }
      const settings = await db.selectFrom('app_settings').select('value').execute();
      expect(JSON.stringify(settings)).not.toContain(password);

      expect(await db.selectFrom('permissions').select('name').execute()).toHaveLength(PERMISSIONS.length);
      expect(await db.selectFrom('roles').select('name').execute()).toHaveLength(6);
    } finally {
      await close();
    }
  });

  it('re-hashes the demo users when DEMO_PASSWORD changes, and only then', async () => {
    const { db, close } = await freshDatabase();
    try {
      expect(
        (await seed(db, { demoPassword: 'first-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES }))
          .demoPassword,
      ).toEqual({
        kind: 'from-environment',
        changed: true,
      });
      expect(
        (await seed(db, { demoPassword: 'first-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES }))
          .demoPassword,
      ).toEqual({
        kind: 'from-environment',
        changed: false,
      });
      await seed(db, { demoPassword: 'second-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      const admin = await db
        .selectFrom('users')
        .select('password_hash')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(admin.password_hash, 'second-password')).toBe(true);
      expect(await verifyPassword(admin.password_hash, 'first-password')).toBe(false);
    } finally {
      await close();
    }
  });

  it('gives Support only the viewing permissions', async () => {
    const { db, close } = await freshDatabase();
    try {
      await seed(db, { demoPassword: 'some-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      const rows = await db
        .selectFrom('role_permissions')
        .innerJoin('roles', 'roles.role_id', 'role_permissions.role_id')
        .innerJoin('permissions', 'permissions.permission_id', 'role_permissions.permission_id')
        .select('permissions.name')
        .where('roles.name', '=', 'Support')
        .execute();
      expect(rows.map((row) => row.name).sort()).toEqual(
        [
          'VIEW_TRANSACTIONS',
          'MONITOR_SERVICES',
          'VIEW_PROCESSES',
          'VIEW_ACTIONS',
          'VIEW_AUDITS',
          'VIEW_MAPPINGS',
          'VIEW_LOAD_BALANCER',
          'VIEW_VOUCHERS',
        ].sort(),
      );
    } finally {
      await close();
    }
  });

  it('lets each module seed its part of the demo switch, leaving what an operator changed', async () => {
    const { db, close } = await freshDatabase();
    try {
      await seed(db, { demoPassword: 'some-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      const count = async (
        table: 'nodes' | 'receivers' | 'saf_queues' | 'service_types' | 'originator_types',
      ) => (await db.selectFrom(table).selectAll().execute()).length;
      const receivers = DEMO_SERVICES.flatMap((service) => service.receivers);
      const nodes = DEMO_INSTANCES.flatMap((instance) => instance.nodes);
      expect(await count('nodes')).toBe(nodes.length);
      expect(await count('receivers')).toBe(receivers.length);
      expect(await count('saf_queues')).toBe(
        receivers.filter((receiver) => receiver.storeAndForward).length * nodes.length,
      );
      expect(await count('service_types')).toBe(DEMO_SERVICE_TYPES.length);
      expect(await count('originator_types')).toBe(DEMO_ORIGINATOR_TYPES.length);

      const first = receivers[0];
      if (first === undefined) {
        throw new Error('the demo switch has no receiver');
      }
      await db.updateTable('receivers').set({ weight: 7 }).where('receiver_id', '=', first.id).execute();
      await seed(db, { demoPassword: 'some-password', binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
      const kept = await db
        .selectFrom('receivers')
        .select('weight')
        .where('receiver_id', '=', first.id)
        .executeTakeFirstOrThrow();
      expect(kept.weight).toBe(7);
    } finally {
      await close();
    }
  });
});
