import { PAGE_TOKEN_COOKIE } from '@web-control/contract/console-build';
import { holdsAll, type Permission } from '@web-control/contract/permissions';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedUser } from './auth-guard.ts';

/** Pages of the console whose heading only the database knows: their paths, who may read it, and it. */
export interface HeadedPages {
  path: RegExp;
  permissions: readonly Permission[];
  /** The heading of the page the path matched, or undefined when there is none (an unknown id). */
  heading(match: RegExpExecArray): Promise<string | undefined>;
}

/** The heading to serve a page with, or undefined to serve it as any other. */
export type PageHeading = (pagePath: string, request: FastifyRequest) => Promise<string | undefined>;

/** A cookie's value in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * A page's heading for the user its page token (the console's cookie) signs in, when that user may
 * read it: no token, an expired or ended session, a missing permission or an unknown id serve the
 * page as any other. Only a path with a heading to write has its token read.
 */
export function pageHeadings(
  readSession: (token: string) => Promise<AuthenticatedUser | undefined>,
  headed: readonly HeadedPages[],
): PageHeading {
  return async (pagePath, request) => {
    for (const pages of headed) {
      const match = pages.path.exec(pagePath);
      if (match === null) continue;
      const token = cookieValue(request.headers.cookie, PAGE_TOKEN_COOKIE);
      if (token === undefined || token === '') return undefined;
      const user = await readSession(token);
      if (user === undefined || !holdsAll(user.permissions, pages.permissions)) return undefined;
      return pages.heading(match);
    }
    return undefined;
  };
}
