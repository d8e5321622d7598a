import { parseArgs } from 'node:util';
import { openDatabase } from '../db/connection.ts';
import { DEMO_EMAIL_DOMAIN } from '../modules/auth/seed.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { readSettings } from '../settings.ts';

/**
 * `node add-user-cli.ts --username <name> --role <demo role>`: adds a user in a seeded role, with
 * DEMO_PASSWORD, to the database the settings name (run after `npm run seed`). The browser tests of
 * FOUR_EYES=admin need a second administrator to approve the first one's changes.
 */
async function addUser(): Promise<void> {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });
  const settings = readSettings();
  const { username, role } = values;
  if (username === undefined || role === undefined || settings.demoPassword === undefined) {
    throw new Error('Usage: DEMO_PASSWORD=… node add-user-cli.ts --username <name> --role <demo role>');
  }
  const database = await openDatabase(settings);
  try {
    const { role_id } = await database.db
      .selectFrom('roles')
      .select('role_id')
      .where('name', '=', role)
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('users')
      .values({
        username,
        email: `${username}@${DEMO_EMAIL_DOMAIN}`,
        msisdn: null,
        password_hash: await hashPassword(settings.demoPassword),
        role_id,
      })
      .onConflict((conflict) => conflict.column('username').doNothing())
      .execute();
  } finally {
    await database.close();
  }
}

addUser().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
