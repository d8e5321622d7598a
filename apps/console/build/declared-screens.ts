import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { runnerImport } from 'vite';
import type { ScreenShell } from '../src/shared/screens/define-area.ts';

/** A route as an area's screens.ts declares it, as much of it as the build reads. */
export interface DeclaredScreen {
  path?: string;
  /** Needed on top of the area's and its parents'. */
  permissions?: string[];
  shell?: ScreenShell;
  ownChunk?: boolean;
  children?: DeclaredScreen[];
}

/** Each folder of `src/features` that declares an area, with the area's screens. */
export async function declaredAreas(
  srcDir: string,
): Promise<{ folder: string; permissions: string[]; screens: DeclaredScreen[] }[]> {
  const featuresDir = path.join(srcDir, 'features');
  const folders = (await readdir(featuresDir))
    .sort()
    .filter((folder) => existsSync(path.join(featuresDir, folder, 'screens.ts')));
  return Promise.all(
    folders.map(async (folder) => {
      const { module } = await runnerImport<
        Record<string, { permissions?: string[]; screens?: DeclaredScreen[] }>
      >(path.join(featuresDir, folder, 'screens.ts'));
      const area = Object.values(module).find((value) => Array.isArray(value.screens));
      return { folder, permissions: area?.permissions ?? [], screens: area?.screens ?? [] };
    }),
  );
}

/** Every declared route, children included, in declaration order. */
export function flattenScreens(screens: readonly DeclaredScreen[]): DeclaredScreen[] {
  return screens.flatMap((screen) => [screen, ...flattenScreens(screen.children ?? [])]);
}
