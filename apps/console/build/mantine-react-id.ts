import type { Plugin } from 'vite';

/** Mantine's module of `useId`, which its components import through `@mantine/hooks`. */
export const MANTINE_USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` without its second render. Mantine draws React's id, then sets a random one in
 * a layout effect: a state update in the commit, which React renders in the sync lane, unsliced,
 * for every input, popover and menu of a screen as it mounts (decision 0045). React's id is unique
 * in the tree and stable; it is kept, made of characters a CSS selector takes as they are.
 */
export const MANTINE_USE_ID_SOURCE = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^\\w-]/g, '');
}
`;

/** Serves MANTINE_USE_ID_SOURCE in place of Mantine's own module, in the production build. */
export function mantineReactId(): Plugin {
  return {
    name: 'web-control-mantine-react-id',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID_MODULE.test(id) ? MANTINE_USE_ID_SOURCE : undefined;
    },
  };
}
