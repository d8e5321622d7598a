import { createReadStream, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SHELLS_DIR } from '@web-control/contract/console-build';
import { ERROR_CODES } from '@web-control/contract/errors';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { markRoutesPublic } from './auth-guard.ts';
import { NOT_FOUND_MESSAGE } from './error-handler.ts';
import { API_PREFIX } from './security.ts';

export interface ConsoleStaticOptions {
  consoleDist: string;
}

const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE = 'no-cache';
export const CONSOLE_MISSING_MESSAGE =
  'The console has not been built yet. Run `npm run build` (or `npm start`, which builds it), then reload. The APIs work meanwhile.';

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

/** The pages the console's build wrote for its screens' paths (index.html with the screen's heading in place), by path. */
function shellPages(consoleDist: string): Map<string, ServedPage> {
  const folder = path.join(consoleDist, SHELLS_DIR);
  const pages = new Map<string, ServedPage>();
  if (!existsSync(folder)) return pages;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const route = path.relative(folder, file).slice(0, -'.html'.length).split(path.sep).join('/');
    pages.set(`/${route}`, servedPage(file));
  }
  return pages;
}

/** A request's path without its query or a trailing slash. */
function pathOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
}

/**
 * Serves the built console. Vite's hashed files under /assets never change, so browsers may keep
 * them; index.html must be revalidated so a new release is picked up. Unknown non-API GETs answer
 * index.html so the console's router can handle deep links, or the screen's own page where the
 * build wrote one. Files are sent as the brotli or gzip copy the build wrote beside them when the
 * browser accepts it.
 */
const consoleStatic: FastifyPluginAsync<ConsoleStaticOptions> = async (app, options) => {
  const indexPath = path.join(options.consoleDist, 'index.html');
  const built = existsSync(indexPath);
  const index = servedPage(indexPath);
  const shells = built ? shellPages(options.consoleDist) : new Map<string, ServedPage>();

  if (built) {
    await app.register(async (publicScope) => {
      publicScope.addHook('onRoute', markRoutesPublic);
      await publicScope.register(fastifyStatic, {
        root: options.consoleDist,
        prefix: '/',
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
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

  app.setNotFoundHandler((request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(request.url) || !isRead) {
      return reply.code(404).send({ errorMessage: NOT_FOUND_MESSAGE, code: ERROR_CODES.notFound });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(CONSOLE_MISSING_MESSAGE);
    }
    const page = shells.get(pathOf(request.url)) ?? index;
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const copy = page.copies.find((candidate) => accepted.has(candidate.encoding) || accepted.has('*'));
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', REVALIDATE_CACHE)
      .header('vary', 'accept-encoding');
    if (copy === undefined) {
      return reply.send(createReadStream(page.file));
    }
    return reply.header('content-encoding', copy.encoding).send(createReadStream(page.file + copy.extension));
  });
};

// Not encapsulated: the not-found handler must apply to the whole server.
export const consoleStaticPlugin = fp(consoleStatic, { name: 'console-static' });
