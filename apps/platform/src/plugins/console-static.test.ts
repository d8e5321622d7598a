import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEADING_PAGE_FILE,
  PAGE_BOOT_SCRIPT,
  PAGE_TOKEN_COOKIE,
  PRELOAD_LINKS_FILE,
  type PreloadLinks,
} from '@web-control/contract/console-build';
import type { DatabaseHandle } from '../db/connection.ts';
import type { App } from '../server.ts';
import { buildTestApp, createTestUser, login } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, index) => `"row ${index}"`).join(',')}];`;
const STYLES = `.row { color: red; }\n`.repeat(200);
const INDEX = `<!doctype html><title>console</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}`;
const BOOT = `<script>${PAGE_BOOT_SCRIPT}</script>`;
const HEADING_PAGE = INDEX.replace(
  '<title>console</title>',
  `<title>console</title><h1>{{heading}}</h1>${BOOT}`,
);
const VOUCHERS_PAGE = INDEX.replace(
  '<title>console</title>',
  `<title>console</title><h1>Vouchers</h1>${BOOT}`,
);
// Written by a build of another version: its boot script is not the one the CSP allows.
const STALE_PAGE = INDEX.replace(
  '<title>console</title>',
  '<title>console</title><h1>Transactions</h1><script>(() => {})();</script>',
);
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRELOAD_LINKS: PreloadLinks = {
  entry: ['assets/index-abc123.css', 'assets/index-abc123.js'],
  dashboard: ['assets/layout-1.js', 'assets/layout-2.css'],
  areas: {
    '/dashboard/vouchers': ['assets/area-vouchers-3.js'],
    '/dashboard/finance': ['assets/area-finance-4.js', 'assets/dates-5.css'],
  },
  areaScreens: { '/dashboard/finance': ['assets/area-finance-6.js'] },
};
const LAYOUT_LINKS =
  '</assets/index-abc123.css>; rel=preload; as=style; crossorigin, </assets/index-abc123.js>; rel=modulepreload; crossorigin, </config.js>; rel=preload; as=script, ' +
  '</assets/layout-1.js>; rel=modulepreload; crossorigin, </assets/layout-2.css>; rel=preload; as=style; crossorigin';

/** A dist folder as the console build leaves it: each file with its .br and .gz copies beside it. */
async function writeBuiltFile(folder: string, name: string, content: string): Promise<void> {
  const file = path.join(folder, name);
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

describe('console static files', () => {
  let database: DatabaseHandle;
  let app: App;
  let consoleDist: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    consoleDist = await mkdtemp(path.join(tmpdir(), 'web-control-dist-'));
    await mkdir(path.join(consoleDist, 'assets'));
    await writeBuiltFile(consoleDist, 'index.html', INDEX);
    await writeBuiltFile(consoleDist, 'assets/index-abc123.js', SCRIPT);
    await writeBuiltFile(consoleDist, 'assets/index-abc123.css', STYLES);
    await writeFile(path.join(consoleDist, 'assets', 'tiny-def456.js'), 'export {};');
    await mkdir(path.join(consoleDist, 'shells', 'dashboard'), { recursive: true });
    await writeBuiltFile(consoleDist, 'shells/dashboard/vouchers.html', VOUCHERS_PAGE);
    await writeBuiltFile(consoleDist, 'shells/dashboard/transactions.html', STALE_PAGE);
    await writeFile(path.join(consoleDist, PRELOAD_LINKS_FILE), JSON.stringify(PRELOAD_LINKS));
    await writeBuiltFile(consoleDist, HEADING_PAGE_FILE, HEADING_PAGE);
    app = await buildTestApp({ database, settings: { consoleDist } });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(consoleDist, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed script to a browser that accepts brotli, cached for good', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
  });

  it('sends the gzip copy when brotli is not accepted, and the plain file when nothing is', async () => {
    const gzipped = await app.inject({
      url: '/assets/index-abc123.css',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/^text\/css/);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(STYLES);

    const plain = await app.inject({ url: '/assets/index-abc123.css' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(STYLES);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const response = await app.inject({
      url: '/assets/tiny-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });

  it('answers an API id or a page path too long for any route with the common 414, not the files’ wildcard', async () => {
    for (const url of [
      `/api/lb/${'x'.repeat(300)}`,
      `/dashboard/${'x'.repeat(4600)}`,
      `/api/lb/${'x'.repeat(4600)}`,
    ]) {
      const answer = await app.inject({ url });
      expect([answer.statusCode, answer.json()], url.slice(0, 20)).toEqual([
        414,
        { errorMessage: 'The address is too long.', code: 'URI_TOO_LONG' },
      ]);
    }
    expect(
      (await app.inject({ url: `/dashboard/${'x'.repeat(300)}` })).statusCode,
      'a page path that fits',
    ).toBe(200);
  });

  it('answers 404 for a hashed file this build does not hold, not the console’s page', async () => {
    const response = await app.inject({
      url: '/assets/area-monitoring-BurVmX6l.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ errorMessage: expect.any(String) as string });
  });

  it('sends the console’s page for a page address the files refuse, so the console says it is not found', async () => {
    for (const url of ['/dashboard//transactions', '//dashboard', '/dashboard/vouchers/%00']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(INDEX);
    }
    const asset = await app.inject({ url: '/assets//x.js' });
    expect(asset.statusCode, 'a file is not a page').toBe(404);
    const pastTheEnd = await app.inject({
      url: '/assets/tiny-def456.js',
      headers: { range: 'bytes=999999-' },
    });
    expect(pastTheEnd.statusCode, 'the files’ other refusals stand').toBe(416);
  });

  it('sends index.html compressed but revalidated, at / and at a deep link', async () => {
    for (const url of ['/', '/login', '/dashboard/transactions']) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(INDEX);
    }

    const refused = await app.inject({ url: '/login', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(refused.rawPayload).toString('utf8')).toBe(INDEX);

    const plain = await app.inject({ url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
  });

  it("sends a screen's own page where the build wrote one, whatever its query, and index.html elsewhere", async () => {
    const pages = {
      '/dashboard/vouchers': VOUCHERS_PAGE,
      '/dashboard/vouchers?state=ACTIVE&page=2': VOUCHERS_PAGE,
      '/dashboard/vouchers/': VOUCHERS_PAGE,
      '/dashboard/vouchers/123': INDEX,
      // A page another version's build wrote would never boot: the console's own page instead.
      '/dashboard/transactions': INDEX,
      '/dashboard': INDEX,
      '/shells/dashboard/vouchers': INDEX,
      // What the build writes for the platform alone is no file to fetch.
      '/shells/dashboard/vouchers.html': INDEX,
      [`/${HEADING_PAGE_FILE}`]: INDEX,
      [`/${PRELOAD_LINKS_FILE}`]: INDEX,
    };
    for (const [url, page] of Object.entries(pages)) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toBe(page);
    }

    const plain = await app.inject({
      url: '/dashboard/vouchers',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(VOUCHERS_PAGE);
  });

  it("preloads a dashboard page's layout, area and area's screens with index.html, and nothing outside the dashboard or with a screen's own page", async () => {
    const links = {
      '/dashboard/vouchers/12?state=ACTIVE': `${LAYOUT_LINKS}, </assets/area-vouchers-3.js>; rel=modulepreload; crossorigin`,
      '/dashboard/finance/processes/1/results': `${LAYOUT_LINKS}, </assets/area-finance-4.js>; rel=modulepreload; crossorigin, </assets/dates-5.css>; rel=preload; as=style; crossorigin, </assets/area-finance-6.js>; rel=modulepreload; crossorigin`,
      // The screen's own page asks for its files once it is painted (decision 0057).
      '/dashboard/vouchers?state=ACTIVE': undefined,
      '/dashboard/nowhere': LAYOUT_LINKS,
      '/dashboard/transactions': LAYOUT_LINKS,
      '/dashboard': undefined,
      '/login': undefined,
      '/': undefined,
      '/reset/abc': undefined,
    };
    for (const [url, link] of Object.entries(links)) {
      const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBe(link);
    }
    const script = await app.inject({ url: '/assets/index-abc123.js' });
    expect(script.headers.link, 'a file is sent without').toBeUndefined();
  });

  describe('a process’s page', () => {
    const RESULTS = '/dashboard/finance/processes/1/results';
    const pageFor = (url: string, token: string | undefined, encoding = 'identity') =>
      app.inject({
        url,
        headers: {
          'accept-encoding': encoding,
          ...(token === undefined ? {} : { cookie: `theme=dark; ${PAGE_TOKEN_COOKIE}=${token}` }),
        },
      });
    let viewer: string;
    let outsider: string;

    beforeAll(async () => {
      const withProcesses = await createTestUser(database, ['VIEW_PROCESSES']);
      viewer = (await login(app, withProcesses.username, withProcesses.password)).access_token;
      const without = await createTestUser(database, ['VIEW_TRANSACTIONS']);
      outsider = (await login(app, without.username, without.password)).access_token;
    });

    it('is served headed by the process’s name to a user the page token signs in who may see processes', async () => {
      for (const url of [
        RESULTS,
        '/dashboard/finance/processes/1',
        '/dashboard/finance/processes/1/approvals/9?x=1',
      ]) {
        const response = await pageFor(url, viewer);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(HEADING_PAGE.replace('{{heading}}', 'Card acquiring'));
        expect(response.headers['cache-control'], url).toBe('private, no-cache');
        expect(response.headers.vary, url).toBe('accept-encoding, cookie');
        expect(response.headers.link, `${url}: the page asks for its files once painted`).toBeUndefined();
      }
      const compressed = await pageFor(RESULTS, viewer, 'gzip, br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toContain(
        '<h1>Card acquiring</h1>',
      );
    });

    it('writes the name as text', async () => {
      await database.db
        .updateTable('recon_processes')
        .set({ display_name: 'EFT <b>&</b> $& "cards"' })
        .where('process_id', '=', 2)
        .execute();
      const response = await pageFor('/dashboard/finance/processes/2/inbox', viewer);
      expect(response.body).toContain('<h1>EFT &#60;b&#62;&#38;&#60;/b&#62; $&#38; &#34;cards&#34;</h1>');
    });

    it('is served as any other page without a token, with one refused, to a user who may not see processes, and for no process', async () => {
      const cases: [string, string | undefined][] = [
        [RESULTS, undefined],
        [RESULTS, ''],
        [RESULTS, 'not.a.token'],
        [RESULTS, `${viewer}x`],
        [RESULTS, outsider],
        ['/dashboard/finance/processes/999/results', viewer],
        ['/dashboard/finance/processes/0/results', viewer],
        ['/dashboard/finance/processes/12345678901234567890', viewer],
      ];
      for (const [url, token] of cases) {
        const response = await pageFor(url, token);
        expect(response.statusCode, url).toBe(200);
        expect(response.body, `${url} ${String(token).slice(0, 12)}`).toBe(INDEX);
        expect(response.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('is served as any other page once the session has ended', async () => {
      const user = await createTestUser(database, ['VIEW_PROCESSES']);
      const tokens = await login(app, user.username, user.password);
      expect((await pageFor(RESULTS, tokens.access_token)).body).toContain('<h1>Card acquiring</h1>');
      const logout = await app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${tokens.access_token}` },
        payload: { refresh_token: tokens.refresh_token },
      });
      expect(logout.statusCode).toBeLessThan(300);
      expect((await pageFor(RESULTS, tokens.access_token)).body).toBe(INDEX);
    });
  });

  // Last: it writes a new build over the folder.
  it('serves a build written under the running platform with its own preloads and pages', async () => {
    const rebuilt: PreloadLinks = {
      ...PRELOAD_LINKS,
      dashboard: ['assets/layout-new.js'],
      areas: {},
      areaScreens: {},
    };
    const later = new Date(Date.now() + 60_000);
    const links = path.join(consoleDist, PRELOAD_LINKS_FILE);
    await writeFile(links, JSON.stringify(rebuilt));
    await utimes(links, later, later);
    const page = path.join(consoleDist, HEADING_PAGE_FILE);
    await writeBuiltFile(consoleDist, HEADING_PAGE_FILE, HEADING_PAGE.replace('<h1>', '<h1 class="new">'));
    await utimes(page, later, later);

    const deepLink = await app.inject({ url: '/dashboard/vouchers/12' });
    expect(deepLink.headers.link).toBe(
      `${LAYOUT_LINKS.split(', </assets/layout-1.js>')[0] ?? ''}, </assets/layout-new.js>; rel=modulepreload; crossorigin`,
    );
    const user = await createTestUser(database, ['VIEW_PROCESSES']);
    const token = (await login(app, user.username, user.password)).access_token;
    const headed = await app.inject({
      url: '/dashboard/finance/processes/1',
      headers: { 'accept-encoding': 'identity', cookie: `${PAGE_TOKEN_COOKIE}=${token}` },
    });
    expect(headed.body).toContain('<h1 class="new">Card acquiring</h1>');
  });
});
