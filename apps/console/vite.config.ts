import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { compileHints } from './build/compile-hints.ts';
import { mantineReactId } from './build/mantine-react-id.ts';
import { precompress } from './build/precompress.ts';
import { reactDomSentinels } from './build/react-dom-sentinels.ts';
import { pagePreload } from './build/page-preload.ts';
import { pageShell } from './build/page-shell.ts';

const BUILD_ID = createHash('sha256').update(String(Date.now())).digest('hex').slice(0, 12);

/** Writes version.json so a running console can tell that a newer build is being served. */
function buildVersionFile(): Plugin {
  return {
    name: 'web-control-build-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ buildId: BUILD_ID }),
      });
    },
  };
}

// The console's Select wrapper goes with Mantine: every list's page size uses it, and a file of its own
// would be one more round trip in a screen's first wave.
const MANTINE =
  /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll[^\\/]*|react-transition-group|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|aria-hidden|tslib)[\\/]|[\\/]src[\\/]shared[\\/]ui[\\/]select\.tsx$/;
// The table and date components go with their libraries, so the small modules every screen shares
// (SHARED) can be one chunk without making the screens that draw no table or date field load them.
const TABLES =
  /node_modules[\\/]@tanstack[\\/](react-table|table-core|react-virtual|virtual-core)[\\/]|[\\/]src[\\/]shared[\\/](ui[\\/](data-table|paged-list|table-rules|use-table-controls)|url[\\/]use-url-sorting)\.tsx?$/;
const DATES =
  /node_modules[\\/]@mantine[\\/]dates[\\/]|[\\/]src[\\/]shared[\\/]forms[\\/]filter-date-time\.tsx$/;
const SHARED = /[\\/]src[\\/]|node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
// Home's and monitoring's alone: the other screens draw no graph.
const CHARTS = /[\\/]src[\\/]shared[\\/]charts[\\/]/;
const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

/**
 * The area a module belongs to when only that area's modules import it, up to the area's lazily
 * loaded chunks (its route module, a screen loading apart, a modal), or null when code outside the
 * areas (the entry, the layout, the console's shared code) or another area does.
 */
function ownArea(id: string, context: ChunkingContext): string | null {
  const seen = new Set<string>();
  let area: string | undefined;
  const onlyTheArea = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return true;
    seen.add(moduleId);
    const moduleArea = FEATURE.exec(moduleId)?.[1];
    if (moduleArea === undefined) {
      if (moduleId !== id) return false;
    } else if (area === undefined) {
      area = moduleArea;
    } else if (area !== moduleArea) {
      return false;
    }
    return (context.getModuleInfo(moduleId)?.importers ?? []).every(onlyTheArea);
  };
  return onlyTheArea(id) ? (area ?? null) : null;
}

export default defineConfig({
  plugins: [
    react(),
    mantineReactId(),
    reactDomSentinels(),
    buildVersionFile(),
    pagePreload(),
    pageShell(),
    compileHints(),
    precompress(),
  ],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    sourcemap: false,
    // bench/ reads the manifest to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // What the entry needs before it runs (the login screen included) goes in one chunk: split
        // into many small files it costs a browser on HTTP/1.1 (six connections at a time) a round
        // trip per six files.
        // Past the entry, the libraries every dashboard screen draws with are a few chunks, not
        // dozens: each extra file is another round trip on a slow link.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // The toasts load on every page, /login too: with what they need, apart from the rest.
            {
              name: 'toasts',
              test: /[\\/]src[\\/]app[\\/]toasts\.tsx$|@mantine[\\/]notifications[\\/]/,
              priority: 2.5,
            },
            { name: 'mantine', test: MANTINE, priority: 2 },
            // Without the modules they import (dayjs, the query state), which would pull these two
            // into every dashboard screen's first wave through the shared chunk.
            { name: 'dates', test: DATES, priority: 2, includeDependenciesRecursively: false },
            { name: 'tables', test: TABLES, priority: 1, includeDependenciesRecursively: false },
            // What two or more of one area's chunks share (its screens that load apart, its modals):
            // in the shared chunk below, every other screen would load it too (decision 0059).
            {
              name: (id, context) => {
                const area = ownArea(id, context);
                return area === null ? null : `${area}-shared`;
              },
              test: SHARED,
              minShareCount: 2,
              priority: 0.75,
              // Without what those modules import from the console's shared code.
              includeDependenciesRecursively: false,
            },
            // The console's small modules that two or more chunks share (formats, live controls,
            // URL state, query hooks): one file instead of twenty of a kilobyte each (decision 0051).
            {
              name: 'shared',
              test: (id) => SHARED.test(id) && !CHARTS.test(id),
              minShareCount: 2,
              maxModuleSize: 8192,
              priority: 0.5,
            },
          ],
        },
        // Name each area's lazy chunk after its area so the bench report can list them.
        chunkFileNames: (chunk) => {
          const area = /\/features\/([^/]+)\//.exec(chunk.facadeModuleId ?? '')?.[1];
          return area ? `assets/area-${area}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/config.js': 'http://127.0.0.1:8080' },
  },
});
