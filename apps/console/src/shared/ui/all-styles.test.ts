import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CONSOLE_SRC = path.resolve(import.meta.dirname, '../..');
const NODE_MODULES = path.resolve(CONSOLE_SRC, '../../../node_modules');
const MANTINE_CORE = path.join(NODE_MODULES, '@mantine/core');
const CORE_ESM = path.join(MANTINE_CORE, 'esm');
/** Mantine's packages the console uses that draw with @mantine/core's components. */
const MANTINE_PACKAGES = ['dates', 'spotlight', 'notifications'];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
  );
}

/** Every name imported from @mantine/core by the console and by the Mantine packages it uses. */
function namesImportedFromCore(): Set<string> {
  const files = [
    ...filesUnder(CONSOLE_SRC).filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.')),
    ...MANTINE_PACKAGES.flatMap((name) =>
      filesUnder(path.join(NODE_MODULES, '@mantine', name, 'esm')).filter((file) => file.endsWith('.mjs')),
    ),
  ];
  const names = new Set<string>();
  for (const file of files) {
    for (const [, list = ''] of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g,
    )) {
      for (const item of list.split(',')) {
        const [name = ''] = item.replace(/^\s*type\s+/, '').split(/\s+as\s+/);
        names.add(name.trim());
      }
    }
  }
  return names;
}

/** The stylesheets (`styles/<Name>.css`) of the CSS modules the named exports reach in Mantine's code. */
function stylesheetsReached(names: Set<string>): Set<string> {
  const index = readFileSync(path.join(CORE_ESM, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, list = '', from = ''] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const item of list.split(',')) {
      const [name = '', alias] = item.trim().split(/\s+as\s+/);
      fileOf.set((alias ?? name).trim(), path.join(CORE_ESM, from));
    }
  }
  const visited = new Set<string>();
  const sheets = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    const cssModule = /([^/]+)\.module\.mjs$/.exec(file)?.[1];
    if (cssModule && existsSync(path.join(MANTINE_CORE, 'styles', `${cssModule}.css`))) sheets.add(cssModule);
    for (const [, relative = ''] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      visit(path.resolve(path.dirname(file), relative));
    }
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (file) visit(file);
  }
  return sheets;
}

function sheetsImportedBy(file: string): string[] {
  return [
    ...readFileSync(path.join(CONSOLE_SRC, file), 'utf8').matchAll(
      /'@mantine\/core\/styles\/([\w-]+)\.css'/g,
    ),
  ].map(([, name = '']) => name);
}

describe('the dashboard stylesheets', () => {
  const allStyles = sheetsImportedBy('shared/ui/all-styles.ts');

  it("import the styles of every Mantine component the console draws, and of each one's parts", () => {
    const imported = new Set([...allStyles, ...sheetsImportedBy('first-paint-styles.ts')]);
    const reached = stylesheetsReached(namesImportedFromCore());

    expect(reached.has('Combobox'), 'Select is drawn with a Combobox').toBe(true);
    expect([...reached].filter((sheet) => !imported.has(sheet))).toEqual([]);
  });

  it("keep the order of Mantine's full stylesheet", () => {
    const full = readFileSync(path.join(MANTINE_CORE, 'styles.css'), 'utf8');
    const positionOf = (sheet: string) =>
      full.indexOf(
        readFileSync(path.join(MANTINE_CORE, 'styles', `${sheet}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      );
    const positions = allStyles.map(positionOf);

    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
