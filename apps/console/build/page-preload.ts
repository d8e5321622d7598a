import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PRELOAD_LINKS_FILE, type PreloadLinks } from '@web-control/contract/console-build';
import { declaredAreas, flattenScreens, type DeclaredScreen } from './declared-screens.ts';

const DASHBOARD_MODULES = ['/src/app/layout/dashboard-layout.tsx', '/src/app/toasts.tsx'];
const AREA_ROUTES = /\/src\/features\/([^/]+)\/routes\.tsx?$/;

/** `/dashboard/<segment>` of every route an area declares. */
function areaPrefixes(screens: readonly DeclaredScreen[]): string[] {
  const prefixes = flattenScreens(screens).map(
    (screen) => /^\/dashboard\/[^/:*]+/.exec(screen.path ?? '')?.[0],
  );
  return [...new Set(prefixes.filter((prefix) => prefix !== undefined))];
}

/** A chunk's file, its static imports' files and their CSS, less what `loaded` already holds. */
export function closure(bundle: OutputBundle, chunk: OutputChunk, loaded: Set<string>): string[] {
  const files = new Set<string>();
  const visit = (current: OutputChunk) => {
    if (loaded.has(current.fileName) || files.has(current.fileName)) return;
    files.add(current.fileName);
    current.viteMetadata?.importedCss.forEach((css) => loaded.has(css) || files.add(css));
    for (const name of current.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(chunk);
  return [...files];
}

/**
 * The scripts of the screens an area's screens.ts imports apart from the area's chunk (a screen's own
 * `load`), with theirs, less what `loaded` holds. Scripts only: a stylesheet preloaded and then not
 * used (another of the area's screens was shown) draws a warning in Chromium.
 */
export function ownScreenScripts(
  bundle: OutputBundle,
  importedByDeclaration: readonly string[],
  areaChunk: OutputChunk,
  loaded: Set<string>,
): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const files = importedByDeclaration
    .filter((id) => id !== areaChunk.facadeModuleId)
    .flatMap((id) => {
      const screenChunk = chunks.find((candidate) => candidate.facadeModuleId === id);
      return screenChunk ? closure(bundle, screenChunk, loaded) : [];
    });
  return [...new Set(files)].filter((file) => file.endsWith('.js'));
}

/**
 * A signed-in first visit otherwise loads the entry, runs it, and only then asks for the dashboard
 * layout and the screen's area: two waves of downloads on a slow link. The build lists the entry's
 * files, and for the layout and each area's `/dashboard/<segment>` the files past the entry; the
 * platform sends a page's lists as a `Link` header, so the browser fetches them beside the entry
 * before any script runs (decision 0044).
 */
export function pagePreload(): Plugin {
  let srcDir = '';
  return {
    name: 'web-control-page-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
      // The platform serves the console at the root; the lists' paths are relative to it.
      if (config.base !== '/') throw new Error('page preload: the console is built for the root path');
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('page preload: no entry chunk');
      const entryClosure = closure(bundle, entry, new Set());
      const loaded = new Set(entryClosure);
      // A grouped module has no chunk of its own: find the chunk that holds it.
      const byModule = (suffix: string) =>
        chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));
      const dashboard = DASHBOARD_MODULES.flatMap((suffix) => {
        const chunk = byModule(suffix);
        if (!chunk) this.error(`page preload: no chunk for ${suffix}`);
        const files = closure(bundle, chunk, loaded);
        files.forEach((file) => loaded.add(file));
        return files;
      });
      const areas: Record<string, string[]> = {};
      const areaScreens: Record<string, string[]> = {};
      for (const { folder, screens } of await declaredAreas(srcDir)) {
        const chunk = chunks.find(
          (candidate) => AREA_ROUTES.exec(candidate.facadeModuleId ?? '')?.[1] === folder,
        );
        if (!chunk) this.error(`page preload: no route chunk for ${folder}`);
        const files = closure(bundle, chunk, loaded);
        const declaration = this.getModuleInfo(path.join(srcDir, 'features', folder, 'screens.ts'));
        const screenScripts = ownScreenScripts(
          bundle,
          declaration?.dynamicallyImportedIds ?? [],
          chunk,
          new Set([...loaded, ...files]),
        );
        for (const prefix of areaPrefixes(screens)) {
          areas[prefix] = files;
          areaScreens[prefix] = screenScripts;
        }
      }
      // The entry's own files lead: the page's tags ask for them only once the page has arrived, and
      // the preloads would otherwise take the connections first.
      const styleFirst = (file: string) => (file.endsWith('.css') ? 0 : 1);
      const links: PreloadLinks = {
        entry: [...entryClosure].sort((a, b) => styleFirst(a) - styleFirst(b)),
        dashboard,
        areas,
        areaScreens,
      };
      this.emitFile({ type: 'asset', fileName: PRELOAD_LINKS_FILE, source: JSON.stringify(links) });
    },
  };
}
