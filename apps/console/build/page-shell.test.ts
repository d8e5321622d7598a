import { describe, expect, it } from 'vitest';
import { HEADING_SLOT } from '@web-control/contract/console-build';
import { headingPage, shellFileName, shellPage, shellScreens } from './page-shell.ts';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

describe('a screen’s page', () => {
  it('is index.html with the heading in #root, and the row above it held free', () => {
    const page = shellPage(INDEX, { heading: 'Vouchers', above: 'breadcrumbs' });
    const root = /<div id="root">(.*)<\/div><script/.exec(page)?.[1] ?? '';
    expect(root).toContain('<main><div data-above="breadcrumbs"></div><h1>Vouchers</h1></main>');
    expect(page.replace(root, ''), 'the rest of the page as built').toBe(INDEX);
  });

  it('holds graph panels below the heading, titled or not yet', () => {
    const page = shellPage(INDEX, { heading: 'Home', panels: [{}, { title: 'Total <Messages>' }] });
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
    expect(shellPage(INDEX, { heading: 'Cards & <Tokens>' })).toContain(
      '<h1>Cards &#38; &#60;Tokens&#62;</h1>',
    );
  });

  it('of a heading only the database knows leaves its slot for the platform', () => {
    expect(headingPage(INDEX)).toContain(`<main><h1>${HEADING_SLOT}</h1></main>`);
  });

  it('refuses a page without an empty #root rather than write one React would not replace', () => {
    expect(() => shellPage('<div id="app"></div>', { heading: 'Home' })).toThrow('index.html has no');
  });
});

describe('the screens with a page of their own', () => {
  it('are those declaring a shell at a path without parameters, children included', () => {
    const screens = [
      {
        path: '/dashboard/admin',
        children: [
          { path: '/dashboard/admin/users', shell: { heading: 'User Management', above: 'tabs' as const } },
          { path: '/dashboard/admin/users/:userId', shell: { heading: 'User' } },
        ],
      },
      { path: '/dashboard/files/*', shell: { heading: 'Files' } },
      { shell: { heading: 'An index route' } },
      { path: '/dashboard/transactions' },
    ];
    expect(shellScreens(screens)).toEqual([
      { path: '/dashboard/admin/users', shell: { heading: 'User Management', above: 'tabs' } },
    ]);
  });

  it('are written under shells/ at their path', () => {
    expect(shellFileName('/dashboard/load-balancer/services')).toBe(
      'shells/dashboard/load-balancer/services.html',
    );
  });
});
