// `npm start`: builds the console when its build is missing or older than its sources, then
// runs the platform, which migrates and seeds its database and serves console and APIs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const consoleDir = join(root, 'apps/console');
const buildMarker = join(consoleDir, 'dist/version.json');
const sources = [
  join(consoleDir, 'src'),
  join(consoleDir, 'public'),
  join(consoleDir, 'index.html'),
  join(consoleDir, 'vite.config.ts'),
  join(consoleDir, 'build'),
  join(consoleDir, 'package.json'),
  join(root, 'packages/contract/src'),
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log(
    builtAt === 0 ? 'Building the console…' : 'The console changed since its last build; rebuilding…',
  );
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/console'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const platform = spawn(process.execPath, [join(root, 'apps/platform/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => platform.kill(signal));
platform.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
