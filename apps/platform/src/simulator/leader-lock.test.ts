import { describe, expect, it } from 'vitest';
import { createPostgresLeaderLock } from './leader-lock.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// Only PostgreSQL has processes to share the simulator between; CI runs this against it.
describe.runIf(databaseUrl !== undefined)('simulator leader lock on PostgreSQL', () => {
  it('lets one process run the simulator and hands over when it stops', async () => {
    const url = databaseUrl ?? '';
    const lost = (error: Error) => {
      throw error;
    };
    const first = createPostgresLeaderLock(url, lost);
    const second = createPostgresLeaderLock(url, lost);
    try {
      expect(await first.acquire()).toBe(true);
      expect(await second.acquire(), 'a second process must not run the simulator').toBe(false);
      await first.release();
      expect(await second.acquire(), 'the lock passes on once its holder is gone').toBe(true);
    } finally {
      await first.release();
      await second.release();
    }
  });
});
