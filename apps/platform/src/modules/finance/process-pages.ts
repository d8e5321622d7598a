import type { HeadedPages } from '../../plugins/page-headings.ts';
import type { Db } from '../../db/schema.ts';
import { createProcessRepository } from './process-repository.ts';

/**
 * A process's pages (its tabs, an approval's detail) are headed by its display name, which the
 * console draws once it has the process: served with the page, it is the first and largest paint.
 */
export function processPages(db: Db): HeadedPages {
  const processes = createProcessRepository();
  return {
    path: /^\/dashboard\/finance\/processes\/([1-9]\d{0,8})(?:\/|$)/,
    permissions: ['VIEW_PROCESSES'],
    heading: (match) => processes.displayNameOf(db, Number(match[1])),
  };
}
