import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * V8's file-wide compile hint (Chromium 136 and later): every function of the file is compiled
 * while the file streams in, on a background thread, instead of on the main thread when it is
 * first called. It must lead the file, and the minifier drops comments, so it is added last.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts the hint on the first line of each script of the bundle, its source map kept in step. */
export function addCompileHints(bundle: OutputBundle): void {
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk' || output.code.startsWith(COMPILE_HINT)) continue;
    output.code = `${COMPILE_HINT}\n${output.code}`;
    // One more generated line, mapped to nothing, in the chunk's map and the file written from it.
    if (output.map) output.map.mappings = `;${output.map.mappings}`;
    const mapFile = bundle[`${output.fileName}.map`];
    if (mapFile?.type === 'asset') {
      const map = JSON.parse(String(mapFile.source)) as { mappings: string };
      mapFile.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` });
    }
  }
}

/**
 * The console's scripts are what a first visit runs at once: on a phone most of their functions
 * were compiled in the long tasks of the entry's evaluation and the first render (decision 0048).
 */
export function compileHints(): Plugin {
  return {
    name: 'web-control-compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own (which puts its list of preloaded files at the top of a chunk).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}
