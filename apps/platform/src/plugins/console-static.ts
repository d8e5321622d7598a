import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import {
  BUILD_DONE_FILE,
  escapeHtmlText,
  HEADING_PAGE_FILE,
  HEADING_SLOT,
  PAGE_BOOT_SCRIPT,
  PRELOAD_LINKS_FILE,
  SHELLS_DIR,
  type PreloadLinks,
} from '@web-control/contract/console-build';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONFIG_SCRIPT_PATH } from '../modules/runtime-config/routes.ts';
import { markRoutesPublic } from './auth-guard.ts';
import { MAX_PARAM_LENGTH, NOT_FOUND_MESSAGE, URI_TOO_LONG_MESSAGE } from './error-handler.ts';
import type { PageHeading } from './page-headings.ts';
import { API_PREFIX } from './security.ts';

export interface ConsoleStaticOptions {
  consoleDist: string;
  /** The heading of a page only the database can head (plugins/page-headings.ts). */
  pageHeading?: PageHeading | undefined;
}

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';
/** A page written for its user: no shared cache keeps it. */
const PERSONAL_CACHE = 'private, no-cache';
export const CONSOLE_MISSING_MESSAGE =
  'The console has not been built yet. Run `npm run build`, then start the platform again (`npm start` builds it first). The APIs work meanwhile.';

/** The encodings the build writes beside its files (apps/console/build/precompress.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/** The encodings an Accept-Encoding header allows (a `;q=0` refuses one; `*` allows all). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const refused = params.some((param) => /^q=0(?:\.0*)?$/.test(param));
    if (token !== '' && !refused) {
      accepted.add(token);
    }
  }
  return accepted;
}

/** A page the platform answers with, and the encodings the build wrote beside it. */
interface ServedPage {
  file: string;
  copies: (typeof PRECOMPRESSED)[number][];
}

function servedPage(file: string): ServedPage {
  return { file, copies: PRECOMPRESSED.filter((copy) => existsSync(file + copy.extension)) };
}

/**
 * Whether a page the build wrote boots with this platform's PAGE_BOOT_SCRIPT, the one inline script
 * its CSP allows (by hash). A console built by another version would stay a bare heading.
 */
function bootsHere(html: string): boolean {
  return html.includes(`<script>${PAGE_BOOT_SCRIPT}</script>`);
}

/**
 * The pages the console's build wrote for its screens' paths (index.html with the screen's heading in
 * place), by path, and those left out: written with another version's boot script.
 */
function shellPages(consoleDist: string): { pages: Map<string, ServedPage>; stale: string[] } {
  const folder = path.join(consoleDist, SHELLS_DIR);
  const pages = new Map<string, ServedPage>();
  const stale: string[] = [];
  if (!existsSync(folder)) return { pages, stale };
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = `/${path.relative(folder, file).slice(0, -'.html'.length).split(path.sep).join('/')}`;
    if (bootsHere(readFileSync(file, 'utf8'))) pages.set(route, servedPage(file));
    else stale.push(route);
  }
  return { pages, stale };
}

/** A page written per request, compressed as the browser accepts (it is a couple of kilobytes). */
function encodedPage(html: string, accepted: Set<string>): { encoding?: string; body: Buffer } {
  const body = Buffer.from(html, 'utf8');
  if (accepted.has('br') || accepted.has('*')) {
    return { encoding: 'br', body: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) };
  }
  if (accepted.has('gzip')) return { encoding: 'gzip', body: gzipSync(body) };
  return { body };
}

const NO_PRELOADS: PreloadLinks = { entry: [], dashboard: [], areas: {}, areaScreens: {} };

/** The build's preload lists, or none when the build wrote none. */
function preloadLinks(consoleDist: string): PreloadLinks {
  const file = path.join(consoleDist, PRELOAD_LINKS_FILE);
  if (!existsSync(file)) return NO_PRELOADS;
  return JSON.parse(readFileSync(file, 'utf8')) as PreloadLinks;
}

/** A file's preload as the console's own tag asks for it (in another credentials mode it is not used). */
function preloadOf(file: string): string {
  return file.endsWith('.css')
    ? `</${file}>; rel=preload; as=style; crossorigin`
    : `</${file}>; rel=modulepreload; crossorigin`;
}

/**
 * The `Link` header of a dashboard page: the entry's files and the runtime configuration first, as
 * the page's tags will ask for them, then its layout's, its area's and its area's screens' that load
 * on their own. Outside the dashboard, none: /login does not download the dashboard.
 */
function preloadLinkHeader(links: PreloadLinks, pagePath: string): string | undefined {
  const prefix = /^\/dashboard\/[^/]+/.exec(pagePath)?.[0];
  if (prefix === undefined || links.dashboard.length === 0) return undefined;
  return [
    ...links.entry.map(preloadOf),
    `<${CONFIG_SCRIPT_PATH}>; rel=preload; as=script`,
    ...[...links.dashboard, ...(links.areas[prefix] ?? []), ...(links.areaScreens[prefix] ?? [])].map(
      preloadOf,
    ),
  ].join(', ');
}

/** What the build writes for the platform alone (pages it serves at screens' paths, the preload lists): never sent as files. */
function isPlatformOnly(pathName: string): boolean {
  return (
    pathName === `/${HEADING_PAGE_FILE}` ||
    pathName === `/${PRELOAD_LINKS_FILE}` ||
    pathName === `/${BUILD_DONE_FILE}` ||
    pathName.startsWith(`/${SHELLS_DIR}/`)
  );
}

/** No page nor API path is longer: a console address past it is a hand-made one. */
const MAX_PATH_LENGTH = 2048;

/** A request's path without its query or a trailing slash. */
function pathOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * Vite's hashed files: one this build does not hold (a chunk of an earlier release) is gone, not a
 * page; the console's page in its place failed as a script of the wrong type, and was cached as one.
 */
function isAssetPath(url: string): boolean {
  return pathOf(url).startsWith('/assets/');
}

/** What the build wrote for the platform to serve its pages with. */
interface BuildOutput {
  index: ServedPage;
  shells: Map<string, ServedPage>;
  links: PreloadLinks;
  /** The page a screen's heading is written into for its user, unless another version wrote it. */
  headingPage: string | undefined;
}

function readBuild(consoleDist: string): BuildOutput & { stale: string[] } {
  const { pages: shells, stale } = shellPages(consoleDist);
  const headingFile = path.join(consoleDist, HEADING_PAGE_FILE);
  const headingHtml = existsSync(headingFile) ? readFileSync(headingFile, 'utf8') : undefined;
  const headingPage = headingHtml !== undefined && bootsHere(headingHtml) ? headingHtml : undefined;
  if (headingHtml !== undefined && headingPage === undefined) stale.push(`/${HEADING_PAGE_FILE}`);
  const indexPath = path.join(consoleDist, 'index.html');
  return {
    index: servedPage(indexPath),
    shells,
    links: preloadLinks(consoleDist),
    headingPage,
    stale,
  };
}

/**
 * The build's output as it is now: read again once a build has written it anew under the running
 * platform, whose earlier chunks are then gone (preloading them was a 404 each, and a headed page
 * asked for the old entry script). A stat of four files per page, the last the one the build writes
 * last; a build caught half-written (its JSON unreadable) is read again at the next page.
 */
function buildReader(consoleDist: string, log: FastifyBaseLogger): () => BuildOutput {
  const stamped = ['index.html', PRELOAD_LINKS_FILE, HEADING_PAGE_FILE, BUILD_DONE_FILE].map((name) =>
    path.join(consoleDist, name),
  );
  let stamp: string | undefined;
  let output: BuildOutput = {
    index: servedPage(stamped[0] ?? ''),
    shells: new Map(),
    links: NO_PRELOADS,
    headingPage: undefined,
  };
  return () => {
    const now = stamped.map((file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0).join(':');
    if (now === stamp) return output;
    try {
      const { stale, ...read } = readBuild(consoleDist);
      if (stale.length > 0) {
        log.warn(
          { pages: stale },
          'The console was built by another version of the platform: its screens’ pages are served as index.html until it is built again (npm run build)',
        );
      }
      output = read;
      stamp = now;
    } catch (error) {
      log.warn(
        { err: error },
        'The console’s build could not be read (being written?): the previous one serves',
      );
    }
    return output;
  };
}

/**
 * Serves the built console. Vite's hashed files under /assets never change, so browsers may keep
 * them; index.html must be revalidated so a new release is picked up. Unknown non-API GETs answer
 * index.html so the console's router can handle deep links (a dashboard page's with a `Link` header
 * that preloads its chunks), or the screen's own page where the build wrote one. Files are sent as
 * the brotli or gzip copy the build wrote beside them when the browser accepts it.
 */
const consoleStatic: FastifyPluginAsync<ConsoleStaticOptions> = async (app, options) => {
  const built = existsSync(path.join(options.consoleDist, 'index.html'));
  const currentBuild = buildReader(options.consoleDist, app.log);
  currentBuild();

  // Unbuilt at start, its pages say how to build it; the files' routes would also shadow the API's
  // own answers (a 414 for a parameter too long) with the static wildcard.
  if (built) {
    await app.register(async (publicScope) => {
      publicScope.addHook('onRoute', markRoutesPublic);
      // An address the files refuse (`/a//b`, a `%00`: their 403) is one that does not exist: a
      // page's is answered with the console's page, which says so, a file's with the 404 of a
      // missing file. Their other refusals (a range past the end: 416) stand.
      publicScope.setErrorHandler(async (error: FastifyError, _request, reply) => {
        if (error.statusCode === 403) return reply.callNotFound();
        throw error;
      });
      await publicScope.register(fastifyStatic, {
        root: options.consoleDist,
        prefix: '/',
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        // Asked for by name, they are unknown paths: the console's page answers.
        allowedPath: (pathName) => !isPlatformOnly(pathName),
        setHeaders: (reply, filePath) => {
          const relative = path.relative(options.consoleDist, filePath);
          reply.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
          );
        },
      });
    });
  }

  /** A failed lookup serves the page as any other: its heading is a head start, not the page. */
  const headingOf = async (pagePath: string, request: FastifyRequest): Promise<string | undefined> => {
    try {
      return await options.pageHeading?.(pagePath, request);
    } catch (error) {
      request.log.warn({ err: error, pagePath }, 'The page’s heading could not be read; served without it');
      return undefined;
    }
  };

  // A path past what any route takes is too long (the common 414), before the files' wildcard
  // answers it: an API id past MAX_PARAM_LENGTH was "not found", a page path of thousands a bare 403.
  app.addHook('onRequest', async (request, reply) => {
    const pathName = pathOf(request.url);
    const tooLong =
      pathName.length > MAX_PATH_LENGTH ||
      (isApiPath(pathName) && pathName.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH));
    if (tooLong) {
      return reply
        .code(414)
        .header('cache-control', 'no-store')
        .send({ errorMessage: URI_TOO_LONG_MESSAGE, code: ERROR_CODES.uriTooLong });
    }
    return undefined;
  });

  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || isAssetPath(request.url) || !isRead) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ errorMessage: NOT_FOUND_MESSAGE, code: ERROR_CODES.notFound });
    }
    const { index, shells, links, headingPage } = currentBuild();
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(CONSOLE_MISSING_MESSAGE);
    }
    const pagePath = pathOf(request.url);
    const shell = shells.get(pagePath);
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    reply.type('text/html; charset=utf-8');
    // A page that may be headed for its user is another page for another user.
    const mayBeHeaded = shell === undefined && headingPage !== undefined && options.pageHeading !== undefined;
    reply.header('vary', mayBeHeaded ? 'accept-encoding, cookie' : 'accept-encoding');
    const heading = mayBeHeaded ? await headingOf(pagePath, request) : undefined;
    if (heading !== undefined && headingPage !== undefined) {
      const { encoding, body } = encodedPage(
        headingPage.replace(HEADING_SLOT, () => escapeHtmlText(heading)),
        accepted,
      );
      if (encoding !== undefined) reply.header('content-encoding', encoding);
      return reply.header('cache-control', PERSONAL_CACHE).send(body);
    }
    // A screen's own page asks for its files once painted (PAGE_BOOT_SCRIPT); index.html has them preloaded.
    const link = shell === undefined ? preloadLinkHeader(links, pagePath) : undefined;
    if (link !== undefined) reply.header('link', link);
    const page = shell ?? index;
    const copy = page.copies.find((candidate) => accepted.has(candidate.encoding) || accepted.has('*'));
    reply.header('cache-control', REVALIDATE_CACHE);
    if (copy === undefined) {
      return reply.send(createReadStream(page.file));
    }
    return reply.header('content-encoding', copy.encoding).send(createReadStream(page.file + copy.extension));
  });
};

// Not encapsulated: the not-found handler must apply to the whole server.
export const consoleStaticPlugin = fp(consoleStatic, { name: 'console-static' });
