import { startTransition, useLayoutEffect, useState } from 'react';
import type { DataRouter } from 'react-router';

/**
 * The page's own shell (a screen's heading, which the platform serves in #root: build/page-shell.ts)
 * drawn again by React until the router has loaded the screen. React empties #root at its first
 * commit; without this the heading would vanish for as long as the screen's chunks take, then
 * come back. The markup is the served page's, not anything a user typed.
 * It goes in a transition, as the router draws the screen: the two land in one commit. Gone at once
 * (a store's update is urgent), it left #root empty until the screen's render had ended, and a key
 * pressed then (the palette's shortcut) found no one listening.
 */
export function ServedShell({ router, markup }: { router: DataRouter; markup: string }) {
  const [initialized, setInitialized] = useState(() => router.state.initialized);
  useLayoutEffect(() => {
    const hide = () => startTransition(() => setInitialized(true));
    if (router.state.initialized) {
      hide();
      return undefined;
    }
    return router.subscribe((state) => {
      if (state.initialized) hide();
    });
  }, [router]);
  if (initialized || markup === '') return null;
  return <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: markup }} />;
}
