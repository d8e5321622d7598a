import './first-paint-styles';
import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import { getRuntimeConfig } from './shared/runtime-config';
import { pageStylesLoaded } from './shared/screens/page-styles';
import { rememberServedHeading } from './shared/screens/served-heading';
import { restoreSession } from './shared/session/session';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// What the page was served with in #root (a screen's heading), drawn again until the screen is drawn
// (app/served-shell.tsx).
const servedShell = root.innerHTML;
rememberServedHeading(root);
const configured = getRuntimeConfig() !== undefined;
// The stored session, restored before anything reads it: restored once the console had mounted, it
// redrew the whole screen in one unsliced render (decision 0045). The console restores it again,
// which changes nothing.
if (configured) void restoreSession();
// Made before the first render, the router asks for the first screen's chunks while the entry runs,
// before the page's load event: their stylesheets, preloaded by the platform's Link header, are then
// used at once (Chromium warns of a preload unused a few seconds after load, as on a busy machine).
const router = configured ? createRouter() : undefined;
const reactRoot = createRoot(root);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for one long task (what Lighthouse counts as blocking time).
// A served screen's page asks for its stylesheets after its first paint: drawn before them, the
// screen would flash unstyled.
void pageStylesLoaded().then(() =>
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App servedShell={servedShell} router={router} />
      </StrictMode>,
    ),
  ),
);
