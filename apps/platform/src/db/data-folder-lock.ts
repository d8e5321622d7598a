import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { errorCode, StartupError } from '../startup-error.ts';

/** The file in DATA_DIR that says which process has the embedded database open. */
export const DATA_FOLDER_LOCK_FILE = 'web-control.lock';

interface LockHolder {
  pid: number;
  host: string;
}

export interface DataFolderLock {
  release(): Promise<void>;
}

/** Lock files this process holds: its own pid in a lock file is only live when listed here. */
const heldByThisProcess = new Set<string>();

function inUse(dataDir: string, holder: LockHolder | undefined): StartupError {
  const who =
    holder === undefined
      ? ''
      : holder.host === hostname()
        ? ` (pid ${holder.pid.toString()})`
        : ` (pid ${holder.pid.toString()} on ${holder.host})`;
  return new StartupError(
    `The data folder ${dataDir} is in use by another Web Control${who}. Stop it or set DATA_DIR.`,
  );
}

export function notWritable(dataDir: string, error: unknown): StartupError {
  const code = errorCode(error);
  return new StartupError(
    `The data folder ${dataDir} cannot be written${code === undefined ? '' : ` (${code})`}. Check DATA_DIR and its permissions.`,
  );
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string'
      ? { pid: parsed.pid, host: parsed.host }
      : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(holder: LockHolder, file: string): boolean {
  // Another machine's process (a shared folder) can't be checked: assume it runs.
  if (holder.host !== hostname()) return true;
  // Our own pid in a file we did not write: a previous run whose pid we got again (containers).
  if (holder.pid === process.pid) return heldByThisProcess.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Takes DATA_DIR for this process before the embedded database is opened: two PGlite instances
 * on one folder corrupt it. The lock file appears whole or not at all (written aside, then
 * hard-linked, which fails when it exists); a lock whose process is gone is taken over.
 */
export async function lockDataFolder(dataDir: string): Promise<DataFolderLock> {
  const file = path.join(dataDir, DATA_FOLDER_LOCK_FILE);
  const draft = `${file}.${process.pid.toString()}`;
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(draft, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date() }));
  } catch (error) {
    throw notWritable(dataDir, error);
  }
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw notWritable(dataDir, error);
        const holder = await readHolder(file);
        if (attempt > 0 || (holder !== undefined && isAlive(holder, file))) throw inUse(dataDir, holder);
        await rm(file, { force: true });
      }
    }
  } finally {
    await rm(draft, { force: true });
  }
  heldByThisProcess.add(file);
  return {
    async release() {
      if (heldByThisProcess.delete(file)) {
        await rm(file, { force: true });
      }
    },
  };
}
