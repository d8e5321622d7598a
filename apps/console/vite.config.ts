import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
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
const TABLES = /node_modules[\\/]@tanstack[\\/](react-table|table-core|react-virtual|virtual-core)[\\/]/;

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
            { name: 'dates', test: /node_modules[\\/]@mantine[\\/]dates[\\/]/, priority: 2 },
            { name: 'tables', test: TABLES, priority: 1 },
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
