import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from './platform.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface PlatformProcess {
  url: string;
  /** Seconds since the launch. */
  since: () => number;
  /** Each JSON log line the platform writes, parsed. */
  onLogLine: (listener: (line: Record<string, unknown>) => void) => void;
  /** Resolves once the platform answers /api/health with 200; throws if it exits first. */
  healthy: () => Promise<void>;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The platform as `npm start` runs it, in a process of its own, on `dataDir` (simulator on). */
export async function launchPlatform(dataDir: string): Promise<PlatformProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port.toString()}`;
  const launched = performance.now();
  const platform = spawn(process.execPath, [path.join(root, 'apps/platform/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: port.toString(),
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => platform.once('exit', resolve));
  const listeners: Array<(line: Record<string, unknown>) => void> = [];
  let partial = '';
  platform.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines.filter((text) => text.startsWith('{'))) {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      for (const listener of listeners) listener(parsed);
    }
  });
  return {
    url,
    since: () => (performance.now() - launched) / 1000,
    onLogLine: (listener) => listeners.push(listener),
    healthy: async () => {
      for (;;) {
        if (platform.exitCode !== null) throw new Error('The platform exited during its start');
        const ok = await fetch(`${url}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return;
        await pause(100);
      }
    },
    stop: async () => {
      platform.kill('SIGTERM');
      await exited;
    },
  };
}
