import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

export const LOGIN_MODULE = 'src/features/auth/login/login-page.tsx';
/** Loaded with the first dashboard page, whatever the screen: the menu, header and shared libraries. */
const DASHBOARD_LAYOUT_MODULE = 'src/app/layout/dashboard-layout.tsx';

export function readManifest(dist: string): Manifest {
  return manifestSchema.parse(JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')));
}

/** The files a chunk pulls in before it runs: itself, its static imports, and their CSS. */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

export function gzippedBytes(dist: string, files: Iterable<string>): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css };
}

export interface BundleFigures {
  login: { js: number; css: number };
  areas: { area: string; js: number; css: number }[];
}

/** What /login loads before it is interactive, and each area's own lazily loaded chunk. */
export function measureBundles(dist: string): BundleFigures {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const beforeLogin = staticClosure(manifest, [entry]);
  // The login screen is part of the entry; were it made lazy again, its chunk counts here too.
  const loginKeys = LOGIN_MODULE in manifest ? [entry, LOGIN_MODULE] : [entry];
  const login = gzippedBytes(dist, staticClosure(manifest, loginKeys));

  const withLayout = staticClosure(manifest, [entry, DASHBOARD_LAYOUT_MODULE]);
  const areas = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const area = /src\/features\/([^/]+)\//.exec(chunk.src ?? key)?.[1] ?? key;
      // A dashboard area, and what the layout loads on demand (the command palette), are shown inside
      // the layout: they add what neither the entry nor the layout holds. The password pages (public)
      // and the app's own lazy parts add to the entry alone.
      const insideLayout =
        (key.startsWith('src/features/') && !key.startsWith('src/features/password/')) ||
        (manifest[DASHBOARD_LAYOUT_MODULE]?.dynamicImports ?? []).includes(key);
      const loaded = insideLayout ? withLayout : beforeLogin;
      const own = [...staticClosure(manifest, [key])].filter((file) => !loaded.has(file));
      return { area, ...gzippedBytes(dist, own) };
    })
    .sort((a, b) => a.area.localeCompare(b.area));
  return { login, areas };
}
