import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MANTINE_USE_ID_MODULE, MANTINE_USE_ID_SOURCE, mantineReactId } from './mantine-react-id';

const require = createRequire(import.meta.url);
// The package root: its main entry is cjs/index.cjs.
const hooksDir = path.resolve(path.dirname(require.resolve('@mantine/hooks')), '..');

describe('Mantine useId as React’s', () => {
  it('replaces the module Mantine’s hooks take useId from, and nothing else', async () => {
    // After a Mantine upgrade that moved the module the build would keep the random ids unnoticed.
    const index = await readFile(path.join(hooksDir, 'esm', 'index.mjs'), 'utf8');
    expect(index).toMatch(/from ["']\.\/use-id\/use-id\.mjs["']/);
    const original = path.join(hooksDir, 'esm', 'use-id', 'use-id.mjs');
    expect(await readFile(original, 'utf8')).toMatch(/export \{ useId\$1 as useId \}/);

    const load = mantineReactId().load as (id: string) => string | undefined;
    expect(MANTINE_USE_ID_MODULE.test(original)).toBe(true);
    expect(load(original)).toBe(MANTINE_USE_ID_SOURCE);
    expect(load(path.join(hooksDir, 'esm', 'use-os', 'use-os.mjs'))).toBeUndefined();
  });
});
