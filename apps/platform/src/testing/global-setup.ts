import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPGlite, openPostgres } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';
import { REPO_ROOT } from '../settings.ts';
import { TEST_BIN_ROUTING_ENTRIES, TEST_DEMO_PASSWORD } from './constants.ts';
import { runAdmin, withDatabase } from './postgres-admin.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dumped PGlite data folder, migrated and seeded, that each test file loads a copy of. */
    pgliteTemplatePath: string;
    /** When TEST_DATABASE_URL is set: the URL and the migrated template database to copy. */
    postgresTemplate: { url: string; database: string } | null;
  }
}

const TEMPLATE_DIR = path.join(REPO_ROOT, '.tmp', 'platform-tests');

const MODULES_DIR = 'apps/platform/src/modules';

/** What the template depends on (each module's seed.ts too): a change to any of these builds a new one. */
const TEMPLATE_INPUTS = [
  'apps/platform/src/db',
  `${MODULES_DIR}/app-settings`,
  `${MODULES_DIR}/auth/passwords.ts`,
  'packages/contract/src/permissions.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

async function listModuleSeeds(): Promise<string[]> {
  const modules = await readdir(path.join(REPO_ROOT, MODULES_DIR), { withFileTypes: true });
  const seeds = modules
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${MODULES_DIR}/${entry.name}/seed.ts`)
    .sort();
  const present = await Promise.all(
    seeds.map((file) =>
      stat(path.join(REPO_ROOT, file)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return seeds.filter((_file, index) => present[index]);
}

async function listFiles(entry: string): Promise<string[]> {
  const full = path.join(REPO_ROOT, entry);
  if (!(await stat(full)).isDirectory()) {
    return [entry];
  }
  const names = await readdir(full, { recursive: true, withFileTypes: true });
  return names
    .filter((name) => name.isFile() && !name.name.endsWith('.test.ts'))
    .map((name) => path.relative(REPO_ROOT, path.join(name.parentPath, name.name)))
    .sort();
}

async function hashTemplateInputs(): Promise<string> {
  const hash = createHash('sha256').update(TEST_DEMO_PASSWORD).update(String(TEST_BIN_ROUTING_ENTRIES));
  for (const entry of [...TEMPLATE_INPUTS, ...(await listModuleSeeds())]) {
    for (const file of await listFiles(entry)) {
      hash.update(file).update(await readFile(path.join(REPO_ROOT, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrates and seeds once (PGlite's initdb alone takes seconds), keeps the result keyed by the
 * hash of what produced it, and every test file then starts from a copy.
 */
async function preparePGliteTemplate(): Promise<string> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const key = await hashTemplateInputs();
  const templatePath = path.join(TEMPLATE_DIR, `pglite-template-${key}.tar`);
  const existing = await readdir(TEMPLATE_DIR);
  if (existing.includes(path.basename(templatePath))) {
    return templatePath;
  }
  const pglite = new PGlite();
  const handle = await openPGlite(pglite);
  await migrateToLatest(handle.db);
  await seed(handle.db, { demoPassword: TEST_DEMO_PASSWORD, binRoutingEntries: TEST_BIN_ROUTING_ENTRIES });
  // Uncompressed: loading is twice as fast and the file stays under .tmp.
  const dump = await pglite.dumpDataDir('none');
  const partial = `${templatePath}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  for (const name of existing.filter(
    (name) => name.startsWith('pglite-template-') && name.endsWith('.tar'),
  )) {
    await rm(path.join(TEMPLATE_DIR, name), { force: true });
  }
  await rename(partial, templatePath);
  return templatePath;
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide('pgliteTemplatePath', await preparePGliteTemplate());

  const postgresUrl = process.env.TEST_DATABASE_URL;
  let templateDatabase: string | undefined;
  if (postgresUrl !== undefined && postgresUrl !== '') {
    templateDatabase = `web_control_template_${process.pid}`;
    await runAdmin(postgresUrl, `create database ${templateDatabase}`);
    const template = openPostgres(withDatabase(postgresUrl, templateDatabase));
    await migrateToLatest(template.db);
    await seed(template.db, {
      demoPassword: TEST_DEMO_PASSWORD,
      binRoutingEntries: TEST_BIN_ROUTING_ENTRIES,
    });
    // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template.
    await template.close();
    project.provide('postgresTemplate', { url: postgresUrl, database: templateDatabase });
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    if (postgresUrl !== undefined && templateDatabase !== undefined) {
      await runAdmin(postgresUrl, `drop database if exists ${templateDatabase} with (force)`);
    }
  };
}
