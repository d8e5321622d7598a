import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

describe('compile hints', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'web-control-compile-hints-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('lead every script of a build, before Vite’s list of preloaded files, with the source maps in step', async () => {
    // Two lazy modules sharing a third: the entry gets Vite's list of their preloads at its top.
    await writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><script type="module" src="/main.js"></script>',
    );
    await writeFile(
      path.join(root, 'main.js'),
      "import('./a.js').then(console.log);\nimport('./b.js').then(console.log);\n",
    );
    await writeFile(path.join(root, 'shared.js'), 'export function shared(x) { return [x, x * 2]; }\n');
    await writeFile(
      path.join(root, 'a.js'),
      "import { shared } from './shared.js';\nexport const a = shared(1);\n",
    );
    await writeFile(
      path.join(root, 'b.js'),
      "import { shared } from './shared.js';\nexport const b = shared(2);\n",
    );

    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints()],
      build: { outDir: 'dist', sourcemap: true },
    });

    const assets = path.join(root, 'dist', 'assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    expect(scripts).toHaveLength(4);
    const texts = await Promise.all(scripts.map((file) => readFile(path.join(assets, file), 'utf8')));
    for (const text of texts) expect(text.split('\n')[0]).toBe(COMPILE_HINT);
    expect(texts.some((text) => text.split('\n')[1]?.startsWith('const __vite__mapDeps='))).toBe(true);
    for (const [index, file] of scripts.entries()) {
      const map = JSON.parse(await readFile(path.join(assets, `${file}.map`), 'utf8')) as {
        mappings: string;
      };
      const lines = texts[index]?.split('\n') ?? [];
      const mapped = map.mappings.split(';');
      // The hint's line maps to nothing; the code's last line still maps to its source.
      expect(mapped[0]).toBe('');
      const lastCode = lines.findLastIndex((line) => line !== '' && !line.startsWith('//#'));
      expect(lastCode).toBeGreaterThan(0);
      expect(mapped[lastCode]).toMatch(/^[A-Za-z0-9+/]/);
    }
  });
});
