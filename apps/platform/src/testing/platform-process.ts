import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { TEST_DEMO_PASSWORD } from './constants.ts';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const RUNNING_AT = /Web Control is running at (\S+)/;

/** `npm start`'s entry point running in a process of its own, as an operator runs it. */
export interface PlatformProcess {
  /** http://host:port it listens on. */
  url: string;
  pid: number;
  /** Resolves with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr, for failure messages. */
  output(): string;
  signal(signal: NodeJS.Signals): void;
}

/**
 * Starts main.ts with only the given variables (besides PATH and quiet defaults) and resolves
 * once it prints its address; rejects with its output when it exits first or takes longer than
 * `timeoutMs`.
 */
export function startPlatformProcess(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<PlatformProcess> {
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      CONSOLE_DIST: '/nonexistent-console-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The platform did not start within ${String(timeoutMs)} ms:\n${output}`));
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = RUNNING_AT.exec(output);
      if (match?.[1] !== undefined && child.pid !== undefined) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          pid: child.pid,
          exited,
          output: () => output,
          signal: (signal) => child.kill(signal),
        });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The platform exited (${String(code)}) before it listened:\n${output}`));
    });
  });
}

/** A data folder holding a copy of the migrated template: seconds instead of a minute's initdb. */
export async function createDataFolder(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'web-control-start-'));
  const template = new PGlite(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([await readFile(inject('pgliteTemplatePath'))]),
  });
  await template.waitReady;
  await template.close();
  return dataDir;
}
