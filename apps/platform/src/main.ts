import { inspect } from 'node:util';
import { DEMO_USERS, type DemoPasswordOutcome } from './modules/auth/seed.ts';
import { SettingsError } from './settings.ts';
import { SHUTDOWN_DEADLINE_MS, startPlatform } from './start.ts';
import { StartupError } from './startup-error.ts';

function describePassword(outcome: DemoPasswordOutcome): string {
  switch (outcome.kind) {
    case 'generated':
      return `Demo password (generated now, shown only this once; stored hashed): ${outcome.password}`;
    case 'from-environment':
      return outcome.changed
        ? 'Demo password: the value of DEMO_PASSWORD (applied to the demo users now).'
        : 'Demo password: the value of DEMO_PASSWORD.';
    case 'shown-before':
      return 'Demo password: printed when this data folder was first started. To reset it, start once with DEMO_PASSWORD=<new password>.';
  }
}

async function main(): Promise<void> {
  const platform = await startPlatform();
  const lines = [
    '',
    `Web Control is running at ${platform.url}`,
    `Database: ${platform.app.services.database.kind} (${platform.app.services.database.location})`,
    'Demo users:',
    ...DEMO_USERS.map((user) => `  ${user.username.padEnd(18)} ${user.role}`),
    describePassword(platform.seed.demoPassword),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      return;
    }
    stopping = true;
    platform.app.log.info({ signal }, 'Shutting down');
    // Closing stops accepting, lets requests in flight finish, stops the simulator (releasing its
    // lock) and the finance jobs (releasing their claims), then closes the database. Past the
    // deadline the process exits anyway: its PostgreSQL sessions, and the simulator's lock with
    // them, end with it.
    setTimeout(() => {
      platform.app.log.error({ signal }, 'Shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        platform.app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Web Control failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    if (error instanceof Error && error.cause !== undefined) {
      process.stderr.write(`Caused by: ${inspect(error.cause)}\n`);
    }
  }
  process.exit(1);
});
