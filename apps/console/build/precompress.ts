import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { BUILD_DONE_FILE, HEADING_PAGE_FILE, PRELOAD_LINKS_FILE } from '@web-control/contract/console-build';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below about one network packet compression gains nothing and costs a file. */
const MIN_BYTES = 1024;
/** Files the platform reads and never sends as they are (it fills the heading page in per request). */
const READ_BY_THE_PLATFORM = new Set([HEADING_PAGE_FILE, PRELOAD_LINKS_FILE]);

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `folder` that is worth it. */
export async function precompressFolder(folder: string): Promise<string[]> {
  const written: string[] = [];
  for (const file of await listFiles(folder)) {
    if (!COMPRESSIBLE.test(file) || READ_BY_THE_PLATFORM.has(path.relative(folder, file))) {
      continue;
    }
    const source = await readFile(file);
    if (source.length < MIN_BYTES) {
      continue;
    }
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    written.push(file);
  }
  return written;
}

/**
 * Compresses the build once, at build time, so the platform sends the smallest file with no CPU
 * spent per request (@fastify/static's preCompressed option picks the file).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'web-control-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
      await writeFile(path.join(outDir, BUILD_DONE_FILE), `${new Date().toISOString()}\n`);
    },
  };
}
