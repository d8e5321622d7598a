import type { HeadedPages } from '../../plugins/page-headings.ts';
import type { Db } from '../../db/schema.ts';

/**
 * A process's pages (its tabs, an approval's detail) are headed by its display name, which the
 * console draws once it has the process: served with the page, it is the first and largest paint.
 */
export function processPages(db: Db): HeadedPages {
  return {
    path: /^\/dashboard\/finance\/processes\/([1-9]\d{0,8})(?:\/|$)/,
    permissions: ['VIEW_PROCESSES'],
    heading: async (match) => {
      const row = await db
        .selectFrom('recon_processes')
        .select('display_name')
        .where('process_id', '=', Number(match[1]))
        .executeTakeFirst();
      return row?.display_name;
    },
  };
}
