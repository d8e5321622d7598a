import { runInNewContext } from 'node:vm';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { closure, preloaderSource } from './page-preload.ts';

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

interface PreloadLink {
  rel: string;
  as?: string;
  crossOrigin: string;
  href: string;
}

/** Runs the preloader as the page would, and returns the links it added. */
function runPreloader(pathname: string, refreshToken: string | null) {
  const links: PreloadLink[] = [];
  const source = preloaderSource('/', {
    dashboard: ['assets/layout.js', 'assets/layout.css'],
    areas: { '/dashboard/transactions': ['assets/area-transactions.js'] },
  });
  runInNewContext(source, {
    location: { pathname },
    localStorage: { getItem: () => refreshToken },
    document: {
      createElement: () => ({}),
      head: { appendChild: (link: PreloadLink) => links.push({ ...link }) },
    },
  });
  return links;
}

describe('the page preloader', () => {
  it('fetches the layout and the area of the address beside the entry when a session is stored', () => {
    // In the credentials mode of Vite's own links (`crossorigin`), or the browser fetches them again.
    expect(runPreloader('/dashboard/transactions/5b1e', 'token')).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/layout.js' },
      { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/layout.css' },
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/area-transactions.js' },
    ]);
  });

  it('fetches only the layout for an address of no known area', () => {
    expect(runPreloader('/dashboard/nowhere', 'token').map((link) => link.href)).toEqual([
      '/assets/layout.js',
      '/assets/layout.css',
    ]);
  });

  it('fetches nothing without a session, or outside the dashboard: the entry shows those pages', () => {
    expect(runPreloader('/dashboard/transactions', null)).toEqual([]);
    expect(runPreloader('/login', 'token')).toEqual([]);
  });
});
