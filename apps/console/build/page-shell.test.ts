import { describe, expect, it } from 'vitest';
import {
  HEADING_SLOT,
  PAGE_BOOT_ID,
  PAGE_BOOT_SCRIPT,
  type PageBoot,
} from '@web-control/contract/console-build';
import {
  bootedPage,
  headingPage,
  shellFileName,
  shellPage,
  shellScreens,
  type BuildLists,
} from './page-shell.ts';

const INDEX =
  '<!doctype html><html><head><script defer src="/config.js"></script>\n' +
  '<script type="module" crossorigin src="/assets/a.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/b.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/a.css">\n' +
  '</head><body><div id="root"></div></body></html>';
const LISTS: BuildLists = {
  script: 'assets/a.js',
  entry: ['assets/a.css', 'assets/a.js', 'assets/b.js'],
  dashboard: ['assets/layout.js'],
  areas: { '/dashboard/vouchers': ['assets/area-vouchers.js'] },
};
const BOOT: PageBoot = { ...LISTS, calls: [], permissions: [] };

describe('a screen’s page', () => {
  it('is index.html with the heading in #root, and the row above it held free', () => {
    const page = shellPage(INDEX, { heading: 'Vouchers', above: 'breadcrumbs' }, LISTS, []);
    const root = /<div id="root">(.*)<\/div><script/.exec(page)?.[1] ?? '';
    expect(root).toContain('<main><div data-above="breadcrumbs"></div><h1>Vouchers</h1></main>');
    expect(page.replace(root, ''), 'the rest of the page as it boots').toBe(bootedPage(INDEX, BOOT));
  });

  it('makes the screen’s early calls: its boot names them, and no other page’s does', () => {
    const calls = [{ api: 'reconApi', path: '/processes', query: { offset: 0, limit: 10 } }] as const;
    const page = shellPage(INDEX, { heading: 'Processes', earlyCalls: calls }, LISTS, ['VIEW_PROCESSES']);
    const json = new RegExp(`id="${PAGE_BOOT_ID}">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ ...LISTS, calls, permissions: ['VIEW_PROCESSES'] });
    expect(headingPage(INDEX, LISTS)).toContain('"calls":[]');
  });

  it('holds graph panels below the heading, titled or not yet', () => {
    const page = shellPage(
      INDEX,
      { heading: 'Home', panels: [{}, { title: 'Total <Messages>' }] },
      LISTS,
      [],
    );
    expect(page).toContain(
      '<h1>Home</h1>' +
        '<div data-panel><div data-title></div><div data-plot></div></div>' +
        '<div data-panel><h2>Total &#60;Messages&#62;</h2><div data-plot></div></div></main>',
    );
    expect(page, 'the plot as tall as a drawn graph').toContain(
      '[data-plot]{height:calc(260px + 10px + 0.875rem * 1.45)}',
    );
  });

  it('writes a heading as text', () => {
    expect(shellPage(INDEX, { heading: 'Cards & <Tokens>' }, LISTS, [])).toContain(
      '<h1>Cards &#38; &#60;Tokens&#62;</h1>',
    );
  });

  it('of a heading only the database knows leaves its slot for the platform', () => {
    expect(headingPage(INDEX, LISTS)).toContain(`<main><h1>${HEADING_SLOT}</h1></main>`);
  });

  it('refuses a page without an empty #root rather than write one React would not replace', () => {
    expect(() => shellPage('<div id="app"></div>', { heading: 'Home' }, LISTS, [])).toThrow(
      'index.html has no',
    );
  });
});

describe('a screen’s page as it boots', () => {
  it('asks for nothing but /config.js as served: the entry’s tags give way to the boot and its lists', () => {
    const page = bootedPage(INDEX, BOOT);
    expect(page).toBe(
      '<!doctype html><html><head><script defer src="/config.js"></script>\n</head><body><div id="root"></div>' +
        `<script type="application/json" id="${PAGE_BOOT_ID}">${JSON.stringify(BOOT)}</script>` +
        `<script>${PAGE_BOOT_SCRIPT}</script></body></html>`,
    );
  });

  it('keeps a file name from ending the lists’ element', () => {
    const odd = { ...BOOT, dashboard: ['assets/</script><script>alert(1)</script>.js'] };
    const page = bootedPage(INDEX, odd);
    expect(page).not.toContain('</script><script>alert');
    const json = new RegExp(`id="${PAGE_BOOT_ID}">(.*?)</script>`).exec(page)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual(odd);
  });

  it('refuses a page whose entry is not the one the lists name', () => {
    expect(() => bootedPage(INDEX, { ...BOOT, script: 'assets/other.js' })).toThrow(
      "index.html's entry script is assets/a.js, not assets/other.js",
    );
  });
});

describe('the screens with a page of their own', () => {
  it('are those declaring a shell at a path without parameters, children included', () => {
    const screens = [
      {
        path: '/dashboard/admin',
        permissions: ['EXPORT_USERS'],
        children: [
          {
            path: '/dashboard/admin/users',
            permissions: ['EXPORT_USERS', 'AUDIT'],
            shell: { heading: 'User Management', above: 'tabs' as const },
          },
          { path: '/dashboard/admin/users/:userId', shell: { heading: 'User' } },
        ],
      },
      { path: '/dashboard/files/*', shell: { heading: 'Files' } },
      { shell: { heading: 'An index route' } },
      { path: '/dashboard/transactions' },
    ];
    expect(shellScreens(screens, ['MANAGE_USERS'])).toEqual([
      {
        path: '/dashboard/admin/users',
        shell: { heading: 'User Management', above: 'tabs' },
        // The area's, then the parents' and the screen's own, each once.
        permissions: ['MANAGE_USERS', 'EXPORT_USERS', 'AUDIT'],
      },
    ]);
  });

  it('are drawn from their area’s chunk, the one their page asks for', () => {
    const screens = [{ path: '/dashboard/config/maps', shell: { heading: 'Maps' }, ownChunk: true }];
    expect(() => shellScreens(screens)).toThrow(
      '/dashboard/config/maps has a shell and a chunk of its own: its page would not ask for it',
    );
  });

  it('are written under shells/ at their path', () => {
    expect(shellFileName('/dashboard/load-balancer/services')).toBe(
      'shells/dashboard/load-balancer/services.html',
    );
  });
});
