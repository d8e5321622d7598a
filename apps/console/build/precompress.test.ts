import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HEADING_PAGE_FILE, PRELOAD_LINKS_FILE } from '@web-control/contract/console-build';
import { precompressFolder } from './precompress.ts';

describe('precompressFolder', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'web-control-precompress-'));
    await mkdir(path.join(folder, 'assets'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies of scripts, styles and pages big enough to gain, and nothing else', async () => {
    const script = 'export const a = 1;\n'.repeat(200);
    await writeFile(path.join(folder, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(folder, 'assets', 'index-abc.css'), '.a{color:red}\n'.repeat(200));
    await writeFile(path.join(folder, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(200)}`);
    await writeFile(path.join(folder, 'version.json'), '{"buildId":"abc"}');
    // Read by the platform, never sent as they are.
    await writeFile(path.join(folder, HEADING_PAGE_FILE), `<!doctype html>${'<p>x</p>'.repeat(200)}`);
    await writeFile(path.join(folder, PRELOAD_LINKS_FILE), JSON.stringify({ entry: Array(200).fill('x') }));
    await writeFile(path.join(folder, 'assets', 'logo-abc.png'), Buffer.alloc(4096));

    await precompressFolder(folder);

    expect((await readdir(folder, { recursive: true })).sort()).toEqual([
      'assets',
      'assets/index-abc.css',
      'assets/index-abc.css.br',
      'assets/index-abc.css.gz',
      'assets/index-abc.js',
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'assets/logo-abc.png',
      HEADING_PAGE_FILE,
      'index.html',
      'index.html.br',
      'index.html.gz',
      PRELOAD_LINKS_FILE,
      'version.json',
    ]);
    const br = await readFile(path.join(folder, 'assets', 'index-abc.js.br'));
    expect(brotliDecompressSync(br).toString('utf8')).toBe(script);
    const gz = await readFile(path.join(folder, 'assets', 'index-abc.js.gz'));
    expect(gunzipSync(gz).toString('utf8')).toBe(script);
  });
});
