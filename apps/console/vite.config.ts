import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

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

export default defineConfig({
  plugins: [react(), buildVersionFile(), precompress()],
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
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
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
