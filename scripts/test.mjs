// `npm test`: every check, in the order that fails fastest: lint and format, types, unit,
// component and integration tests, then the production build driven by Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  if (process.getuid?.() === 0) {
    run('Installing Debian’s Chromium for the browser tests', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation',
    ]);
    return;
  }
  console.error(
    `\n✖ The browser tests need Chromium at ${chromium}.\n` +
      '  Install it with `sudo apt-get install chromium`, or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}

run('Lint', 'npx', ['eslint', '--max-warnings=0', '.']);
run('Format', 'npx', ['prettier', '--check', '.']);
run('Type check', 'npm', ['run', '--silent', 'typecheck']);
run('Unit, component and integration tests', 'npx', ['vitest', 'run']);
run('Build the console', 'npm', ['run', '--silent', 'build']);
ensureChromium();
run('Browser tests', 'npm', ['run', '--silent', 'test', '-w', 'e2e']);
