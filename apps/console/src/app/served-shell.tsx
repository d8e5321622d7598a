import { useSyncExternalStore } from 'react';
import type { DataRouter } from 'react-router';

/**
 * The page's own shell (a screen's heading, which the platform serves in #root: build/page-shell.ts)
 * drawn again by React until the router has loaded the screen. React empties #root at its first
 * commit; without this the heading would vanish for as long as the screen's chunks take, then
 * come back. The markup is the served page's, not anything a user typed.
 */
export function ServedShell({ router, markup }: { router: DataRouter; markup: string }) {
  const initialized = useSyncExternalStore(
    (onChange) => router.subscribe(onChange),
    () => router.state.initialized,
  );
  if (initialized || markup === '') return null;
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: markup }} />;
}
