import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { REFRESH_TOKEN_KEY } from '../src/shared/session/token-storage.ts';
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

export interface PreloadLists {
  /** The dashboard layout, and each area's files by its `/dashboard/<segment>`. */
  dashboard: string[];
  areas: Record<string, string[]>;
}

/** The preloader's source: on a signed-in visit, fetch the layout and the page's area with the entry. */
export function preloaderSource(base: string, lists: PreloadLists): string {
  return `(function () {
  try { if (!localStorage.getItem(${JSON.stringify(REFRESH_TOKEN_KEY)})) return; } catch (e) { return; }
  var lists = ${JSON.stringify(lists)};
  var prefix = (/^\\/dashboard\\/[^/]+/.exec(location.pathname) || [''])[0];
  if (!prefix) return;
  var files = lists.dashboard.concat(lists.areas[prefix] || []);
  files.forEach(function (file) {
    var link = document.createElement('link');
    link.rel = /\\.css$/.test(file) ? 'preload' : 'modulepreload';
    if (link.rel === 'preload') link.as = 'style';
    // As Vite's own links ask for them: a preload in another credentials mode is not used, and the
    // file is requested again.
    link.crossOrigin = '';
    link.href = ${JSON.stringify(base)} + file;
    document.head.appendChild(link);
  });
})();
`;
}

/**
 * A signed-in first visit otherwise loads the entry, runs it, and only then asks for the dashboard
 * layout and the screen's area: two waves of downloads on a slow link. A small script in the page
 * starts the second wave beside the entry when a session is stored (the sign-in page is part of
 * the entry). An external file, as the CSP allows no inline script; its name carries a hash
 * because assets are cached for good.
 */
export function pagePreload(): Plugin {
  let srcDir = '';
  let base = '/';
  return {
    name: 'web-control-page-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
      base = config.base;
    },
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const html = bundle['index.html'];
      if (!entry || html?.type !== 'asset') this.error('page preload: no entry chunk or index.html');
      const loaded = new Set(closure(bundle, entry, new Set()));
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
      for (const { folder, screens } of await declaredAreas(srcDir)) {
        const chunk = chunks.find(
          (candidate) => AREA_ROUTES.exec(candidate.facadeModuleId ?? '')?.[1] === folder,
        );
        if (!chunk) this.error(`page preload: no route chunk for ${folder}`);
        const files = closure(bundle, chunk, loaded);
        for (const prefix of areaPrefixes(screens)) areas[prefix] = files;
      }
      const reference = this.emitFile({
        type: 'asset',
        name: 'preload.js',
        source: preloaderSource(base, { dashboard, areas }),
      });
      const fileName = this.getFileName(reference);
      // Before the entry's own script, so its requests start first.
      const page = String(html.source);
      const entryScript = '<script type="module"';
      if (!page.includes(entryScript)) this.error('page preload: index.html has no module script');
      html.source = page.replace(
        entryScript,
        `<script async src="${base}${fileName}"></script>\n    ${entryScript}`,
      );
    },
  };
}
