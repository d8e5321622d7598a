import path from 'node:path';
import {
  escapeHtmlText,
  HEADING_PAGE_FILE,
  HEADING_SLOT,
  PAGE_BOOT_ID,
  PAGE_BOOT_SCRIPT,
  PRELOAD_LINKS_FILE,
  SHELLS_DIR,
  type PageBoot,
  type PreloadLinks,
} from '@web-control/contract/console-build';
import type { Plugin } from 'vite';
import { DEFAULT_CHART_HEIGHT } from '../src/shared/charts/chart-height.ts';
import type { ScreenShell, ShellPanel } from '../src/shared/screens/define-area.ts';
import { declaredAreas, type DeclaredScreen } from './declared-screens.ts';

const EMPTY_ROOT = '<div id="root"></div>';

// The dashboard layout's frame (app/layout/dashboard-layout.tsx: Mantine's AppShell with a header of
// 72 px, 56 from the `sm` breakpoint, a navbar of 240 px from there, a footer of 36 px, padding md)
// and Mantine's colours and h1 as the theme sets them; a graph panel as shared/charts/chart-panel.tsx
// draws it while loading (a bordered Paper, padding md, its h4-sized title, the plot's space), the
// panels a Stack's gap apart. A browser test holds the heading's and the panels' titles' boxes
// equal to the screen's own (e2e/page-shell.spec.ts).
const SHELL_STYLE = `
[data-shell]{--border:#dee2e6;position:absolute;inset:0;background:#fff;color:#000;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
[data-shell]>header,[data-shell]>nav,[data-shell]>footer{position:fixed;box-sizing:border-box;left:0;border:0 solid var(--border)}
[data-shell]>header{top:0;right:0;height:72px;border-bottom-width:1px}
[data-shell]>nav{display:none;top:56px;bottom:36px;width:240px;border-right-width:1px}
[data-shell]>footer{bottom:0;right:0;height:36px;border-top-width:1px}
[data-shell]>main{padding:88px 16px 52px}
[data-shell] h1{width:fit-content;margin:0;font-size:1.75rem;font-weight:700;line-height:1.3}
[data-shell] [data-above]{margin-bottom:16px}
[data-shell] [data-above=breadcrumbs]{height:16px}
[data-shell] [data-above=tabs]{height:36px}
[data-shell] [data-panel]{margin-top:16px;padding:16px;border:1px solid var(--border);border-radius:4px}
[data-shell] [data-panel]>h2,[data-shell] [data-panel]>[data-title]{width:fit-content;margin:0 0 12px;font-size:1.125rem;font-weight:700;line-height:1.45}
[data-shell] [data-title]{height:calc(1.125rem * 1.45)}
[data-shell] [data-plot]{height:calc(${DEFAULT_CHART_HEIGHT}px + 10px + 0.875rem * 1.45)}
@media (min-width:48em){[data-shell]>header{height:56px}[data-shell]>nav{display:block}[data-shell]>main{padding:72px 16px 52px 256px}}
@media (prefers-color-scheme:dark){[data-shell]{--border:#424242;background:#242424;color:#c9c9c9}}
`
  .trim()
  .replaceAll('\n', '');

function panelMarkup({ title }: ShellPanel): string {
  const heading = title === undefined ? '<div data-title></div>' : `<h2>${escapeHtmlText(title)}</h2>`;
  return `<div data-panel>${heading}<div data-plot></div></div>`;
}

/**
 * What #root holds until the console draws the screen: the layout's frame, the screen's heading
 * and its graph panels' frames.
 */
export function shellMarkup(shell: ScreenShell): string {
  const above = shell.above ? `<div data-above="${shell.above}"></div>` : '';
  const panels = (shell.panels ?? []).map(panelMarkup).join('');
  return (
    `<div data-shell><style>${SHELL_STYLE}</style><header></header><nav></nav>` +
    `<main>${above}<h1>${escapeHtmlText(shell.heading)}</h1>${panels}</main><footer></footer></div>`
  );
}

// The tags Vite writes for the entry: its script, its chunks' preloads and its stylesheet.
const ENTRY_TAGS =
  /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;
const ENTRY_SCRIPT_SRC = /<script type="module"[^>]*\ssrc="\/([^"]+)"/;

/**
 * The page as the entry's tags would have it, but with the boot in their place: the page is painted
 * with its shell's own style before anything else is asked for, then PAGE_BOOT_SCRIPT asks for the
 * files (decision 0057). `<` is escaped in the JSON so that no file name can end its element.
 */
export function bootedPage(indexHtml: string, boot: PageBoot): string {
  const src = ENTRY_SCRIPT_SRC.exec(indexHtml)?.[1];
  if (src !== boot.script)
    throw new Error(`index.html's entry script is ${src ?? 'missing'}, not ${boot.script}`);
  const json = JSON.stringify(boot).replaceAll('<', '\\u003c');
  return indexHtml.replace(ENTRY_TAGS, '').replace(
    '</body>',
    // A function, so that no `$` in the script or the lists is read as a replacement pattern.
    () =>
      `<script type="application/json" id="${PAGE_BOOT_ID}">${json}</script><script>${PAGE_BOOT_SCRIPT}</script></body>`,
  );
}

/** What every page the build writes asks for: the entry's script and the build's lists. */
export type BuildLists = Omit<PageBoot, 'calls' | 'permissions'>;

/**
 * The console's page with a screen's shell in its #root (React replaces it on its first render),
 * which makes the screen's early calls.
 */
export function shellPage(
  indexHtml: string,
  shell: ScreenShell,
  lists: BuildLists,
  permissions: readonly string[],
): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  const boot: PageBoot = { ...lists, calls: [...(shell.earlyCalls ?? [])], permissions: [...permissions] };
  return bootedPage(indexHtml, boot).replace(EMPTY_ROOT, `<div id="root">${shellMarkup(shell)}</div>`);
}

/** The page of a screen headed by what only the database knows: the platform fills in HEADING_SLOT. */
export function headingPage(indexHtml: string, lists: BuildLists): string {
  return shellPage(indexHtml, { heading: HEADING_SLOT }, lists, []); // It makes no calls.
}

/**
 * The screens with a shell, by path, each with what it needs (`needed`, the area's, then its parents'
 * and its own); a path with parameters has no page of its own. Such a screen is drawn from its
 * area's chunk, the one its page asks for.
 */
export function shellScreens(
  screens: readonly DeclaredScreen[],
  needed: readonly string[] = [],
): { path: string; shell: ScreenShell; permissions: string[] }[] {
  return screens.flatMap((screen) => {
    const permissions = [...new Set([...needed, ...(screen.permissions ?? [])])];
    const children = shellScreens(screen.children ?? [], permissions);
    if (!screen.shell || !screen.path || /[:*]/.test(screen.path)) return children;
    if (screen.ownChunk)
      throw new Error(`${screen.path} has a shell and a chunk of its own: its page would not ask for it`);
    return [{ path: screen.path, shell: screen.shell, permissions }, ...children];
  });
}

/** `/dashboard/transactions` → `shells/dashboard/transactions.html`. */
export function shellFileName(routePath: string): string {
  return path.posix.join(SHELLS_DIR, `${routePath.replace(/^\/+/, '')}.html`);
}

/**
 * Writes a page per screen that declares a shell: the built index.html with the screen's heading
 * at its place, which the platform serves for that path, and the page of the screens headed by
 * what the database knows, its heading left for the platform to fill in. The heading is then the
 * first and largest paint, painted before any other file is asked for (decision 0057).
 */
export function pageShell(): Plugin {
  let srcDir = '';
  return {
    name: 'web-control-page-shell',
    apply: 'build',
    // After Vite has written index.html's tags, which the pages carry too.
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('page shell: no index.html');
      const page = String(html.source);
      const links = bundle[PRELOAD_LINKS_FILE];
      if (links?.type !== 'asset')
        this.error('page shell: no preload lists (the page-preload plugin runs first)');
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      if (!entry) this.error('page shell: no entry chunk');
      // The areas' screens that load on their own are for pages served index.html: a shell's screen
      // is drawn from its area's chunk (shellScreens).
      const { entry: entryFiles, dashboard, areas } = JSON.parse(String(links.source)) as PreloadLinks;
      const lists: BuildLists = { script: entry.fileName, entry: entryFiles, dashboard, areas };
      this.emitFile({ type: 'asset', fileName: HEADING_PAGE_FILE, source: headingPage(page, lists) });
      for (const area of await declaredAreas(srcDir)) {
        for (const { path: routePath, shell, permissions } of shellScreens(area.screens, area.permissions)) {
          this.emitFile({
            type: 'asset',
            fileName: shellFileName(routePath),
            source: shellPage(page, shell, lists, permissions),
          });
        }
      }
    },
  };
}
