import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'platform',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    // argon2 and PGlite start-up are slow on two cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
