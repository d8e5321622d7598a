import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_FOLDER_LOCK_FILE } from './db/data-folder-lock.ts';
import { openDatabase } from './db/connection.ts';
import type { SettingsInput } from './settings.ts';
import { startPlatform, type StartedPlatform } from './start.ts';
import { TEST_DEMO_PASSWORD } from './testing/constants.ts';
import { createDataFolder } from './testing/platform-process.ts';
import { MINUTE_MS, SECOND_MS } from './time.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const NOBODY = 65_534;

interface Exit {
  code: number | null;
  stderr: string;
}

/** Runs `npm start`'s entry point with only the given variables; resolves when it exits. */
function runMain(env: Record<string, string>, options: { asNobody?: boolean } = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', SIMULATOR: 'off', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(options.asNobody === true ? { uid: NOBODY, gid: NOBODY } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('the first start', () => {
  it('serves at once and writes the last day of transactions in the background', async () => {
    const dataDir = await createDataFolder();
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    // A health check knocking while the database opens (as the browser tests' runner does), its
    // connections left open, must not keep the start from listening.
    const knocks: Socket[] = [];
    const start = { done: false };
    const knocking = (async () => {
      while (!start.done) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        knocks.push(socket);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const platform = await startPlatform({
      env: {},
      settings: {
        dataDir,
        port,
        simulatorHistoryHours: 1,
        simulatorTps: 1,
        demoPassword: TEST_DEMO_PASSWORD,
        consoleDist: '/nonexistent-console-dist',
      },
      logger: false,
    }).finally(() => {
      start.done = true;
    });
    await knocking;
    for (const socket of knocks) socket.destroy();
    try {
      const health = await fetch(`${platform.url}/api/health`);
      expect(health.status).toBe(200);
      const { db } = platform.app.services.database;
      // About one per second over the hour of history, then more every 10 s.
      await vi.waitFor(
        async () => {
          const rows = await db.selectFrom('transactions').select('time_started').execute();
          expect(rows.length).toBeGreaterThan(2_000);
          const oldest = Math.min(...rows.map((row) => row.time_started.getTime()));
          expect(Date.now() - oldest).toBeGreaterThan(55 * MINUTE_MS);
        },
        { timeout: MINUTE_MS, interval: SECOND_MS },
      );
    } finally {
      await platform.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('a second start on the same data folder', () => {
  let dataDir: string;
  let first: StartedPlatform;
  const settings = (): Partial<SettingsInput> => ({
    dataDir,
    port: 0,
    simulator: 'off',
    demoPassword: TEST_DEMO_PASSWORD,
    consoleDist: '/nonexistent-console-dist',
  });

  beforeAll(async () => {
    dataDir = await createDataFolder();
    first = await startPlatform({ env: {}, settings: settings(), logger: false });
  });
  afterAll(async () => {
    await first.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits with one line naming the process that holds it, and leaves the first database intact', async () => {
    const users = await first.app.services.database.db.selectFrom('users').select('username').execute();
    expect(users.length).toBeGreaterThan(0);

    const second = await runMain({ DATA_DIR: dataDir, DEMO_PASSWORD: 'another-password' });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `The data folder ${dataDir} is in use by another Web Control (pid ${process.pid.toString()}). Stop it or set DATA_DIR.\n`,
    );
    await expect(startPlatform({ env: {}, settings: settings(), logger: false })).rejects.toThrow(
      'is in use by another Web Control',
    );

    const health = await fetch(`${first.url}/api/health`);
    expect(await health.json()).toMatchObject({ database: 'ready' });
    await first.close();
    await expect(stat(path.join(dataDir, DATA_FOLDER_LOCK_FILE))).rejects.toThrow('ENOENT');

    const reopened = await openDatabase({ dataDir });
    try {
      const again = await reopened.db.selectFrom('users').select('username').execute();
      expect(again).toEqual(users);
    } finally {
      await reopened.close();
    }
  });

  it('takes over a lock whose process is gone', async () => {
    // pid 2^22 + 1 is above Linux's pid limit: no such process.
    await writeFile(
      path.join(dataDir, DATA_FOLDER_LOCK_FILE),
      JSON.stringify({ pid: 4_194_305, host: hostname(), since: new Date() }),
    );
    const database = await openDatabase({ dataDir });
    const holder = JSON.parse(await readFile(path.join(dataDir, DATA_FOLDER_LOCK_FILE), 'utf8')) as {
      pid: number;
    };
    expect(holder.pid).toBe(process.pid);
    await database.close();
  });
});

describe('a start that cannot reach its data', () => {
  it('gives up on a DATABASE_URL that accepts connections and never answers, in one line', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => {
      sockets.push(socket);
    });
    const port = await listen(silent);
    try {
      const started = Date.now();
      const result = await runMain({
        DATABASE_URL: `postgres://web@127.0.0.1:${port.toString()}/control`,
        DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `Could not connect to the database at DATABASE_URL (postgres://web@127.0.0.1:${port.toString()}/control): no answer within 1 s. Check DATABASE_URL, or unset it to use the embedded database.\n`,
      );
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await closeServer(silent);
    }
  });

  it('says so in one line when the database refuses the connection', async () => {
    const probe = createServer();
    const port = await listen(probe);
    await closeServer(probe);
    const result = await runMain({
      DATABASE_URL: `postgres://web:secret@127.0.0.1:${port.toString()}/control`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Could not connect to the database at DATABASE_URL (postgres://web:***@127.0.0.1:${port.toString()}/control): the connection was refused. Check DATABASE_URL, or unset it to use the embedded database.\n`,
    );
  });

  it('says so in one line when the data folder is read-only', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'web-control-read-only-'));
    await chmod(dataDir, 0o555);
    try {
      // root writes anywhere: run the start as nobody then.
      const result = await runMain({ DATA_DIR: dataDir }, { asNobody: process.getuid?.() === 0 });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `The data folder ${dataDir} cannot be written (EACCES). Check DATA_DIR and its permissions.\n`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
