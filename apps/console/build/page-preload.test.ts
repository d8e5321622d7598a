import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { closure, ownScreenScripts } from './page-preload.ts';

function chunk(
  fileName: string,
  imports: string[],
  css: string[] = [],
  facadeModuleId?: string,
): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    facadeModuleId,
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

describe('the scripts of an area’s screens with a chunk of their own', () => {
  const bundle = {
    'runtime.js': chunk('runtime.js', []),
    'area.js': chunk('area.js', ['runtime.js'], [], '/src/features/maps/routes.tsx'),
    'mappings.js': chunk(
      'mappings.js',
      ['tables.js', 'area.js'],
      ['mappings.css'],
      '/src/features/maps/mappings.tsx',
    ),
    'approvals.js': chunk('approvals.js', ['tables.js', 'forms.js'], [], '/src/features/maps/approvals.tsx'),
    'tables.js': chunk('tables.js', ['runtime.js'], ['tables.css']),
    'forms.js': chunk('forms.js', ['runtime.js']),
  } as unknown as OutputBundle;

  it('are each screen’s script and its imports past the area’s, each once, without stylesheets', () => {
    const imported = [
      '/src/features/maps/routes.tsx',
      '/src/features/maps/mappings.tsx',
      '/src/features/maps/approvals.tsx',
    ];
    const area = bundle['area.js'] as OutputChunk;
    expect(ownScreenScripts(bundle, imported, area, new Set(['runtime.js', 'area.js']))).toEqual([
      'mappings.js',
      'tables.js',
      'approvals.js',
      'forms.js',
    ]);
    expect(ownScreenScripts(bundle, ['/src/features/maps/routes.tsx'], area, new Set())).toEqual([]);
  });
});
