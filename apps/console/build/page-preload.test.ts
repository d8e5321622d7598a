import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { closure } from './page-preload.ts';

function chunk(fileName: string, imports: string[], css: string[] = []): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  } as unknown as OutputChunk;
}

describe('closure', () => {
  const bundle = {
    'index.js': chunk('index.js', ['runtime.js']),
    'runtime.js': chunk('runtime.js', []),
    'layout.js': chunk('layout.js', ['mantine.js', 'runtime.js'], ['layout.css']),
    'mantine.js': chunk('mantine.js', ['runtime.js'], ['mantine.css']),
  } as unknown as OutputBundle;

  it('lists a chunk, its static imports and their CSS, less what is already loaded', () => {
    const loaded = new Set(['index.js', 'runtime.js']);
    expect(closure(bundle, bundle['layout.js'] as OutputChunk, loaded)).toEqual([
      'layout.js',
      'layout.css',
      'mantine.js',
      'mantine.css',
    ]);
  });
});
