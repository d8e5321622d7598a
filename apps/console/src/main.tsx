import './first-paint-styles';
import './zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// What the page was served with in #root (a screen's heading), drawn again until the screen is drawn
// (app/served-shell.tsx).
const servedShell = root.innerHTML;
const reactRoot = createRoot(root);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for one long task (what Lighthouse counts as blocking time).
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App servedShell={servedShell} />
    </StrictMode>,
  ),
);
