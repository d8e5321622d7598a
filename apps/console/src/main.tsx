import './first-paint-styles';
import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PAGE_BOOT_ID } from '@web-control/contract/console-build';
import { App } from './app/app';
import { createRouter } from './app/router';
import { keepFocusThroughBusy } from './shared/focus/focus-through-busy';
import { getRuntimeConfig } from './shared/runtime-config';
import { pageStylesLoaded } from './shared/screens/page-styles';
import { rememberServedHeading } from './shared/screens/served-heading';
import { restoreSession } from './shared/session/session';

/** A task of its own for what follows: on a phone the browser may paint or answer input between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the console in tasks of its own after the entry's modules (zod's schemas, React, Mantine,
 * the router's), which are one long task on a phone: the session and the router, then the first
 * render. On index.html the router is made in the entry's task still: the platform's `Link` header
 * preloads the first screen's stylesheets there, which must be the page's own by its load event.
 */
async function start(root: HTMLElement): Promise<void> {
  // A hidden tab runs timers once a second at most: there nothing is painted, so nothing waits.
  const yields = document.getElementById(PAGE_BOOT_ID) !== null && document.visibilityState !== 'hidden';
  if (yields) await nextTask();
  // What the page was served with in #root (a screen's heading), drawn again until the screen is
  // drawn (app/served-shell.tsx).
  const servedShell = root.innerHTML;
  rememberServedHeading(root);
  keepFocusThroughBusy();
  const configured = getRuntimeConfig() !== undefined;
  // The stored session, restored before anything reads it: restored once the console had mounted,
  // it redrew the whole screen in one unsliced render (decision 0045). The console restores it
  // again, which changes nothing.
  if (configured) void restoreSession();
  // Made before the first render, the router asks for the first screen's chunks while the entry
  // runs, before the page's load event: their stylesheets, preloaded by the platform's Link header,
  // are then used at once (Chromium warns of a preload unused a few seconds after load).
  const router = configured ? createRouter() : undefined;
  if (yields) await nextTask();
  const reactRoot = createRoot(root);
  // A served screen's page asks for its stylesheets after its first paint: drawn before them, the
  // screen would flash unstyled.
  await pageStylesLoaded();
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for one long task (what Lighthouse counts as blocking time).
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App servedShell={servedShell} router={router} />
      </StrictMode>,
    ),
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
start(root).catch((error: unknown) => {
  // As a throw at the top of the entry was: the page keeps what it was served, the console says why.
  console.error('The console could not start', error);
});
