import type { FileActionType } from '@web-control/contract/finance';

/** Specification 2, section 9. */
export const INBOX_PAGE_SIZE = 15;
export const INBOX_TABLE_LABEL = 'Inbox';
/** Pixels: a failed load's reason wraps under its status rather than widening the table. */
export const INBOX_REASON_MAX_WIDTH = 320;
/** Pixels: a loading file's progress bar under its status. */
export const INBOX_PROGRESS_WIDTH = 160;
export const LOAD_PROGRESS_LABEL = (fileName: string) => `Loading ${fileName}`;
export const LOAD_PROGRESS_TEXT = (read: string, total: string) => `${read} / ${total} records`;

/** Download and rollback are offered on LOADED or ERROR; reload only on ERROR (section 4). */
export const DOWNLOADABLE_STATUSES = ['LOADED', 'ERROR'] as const;
export const RELOADABLE_STATUSES = ['ERROR'] as const;

/** Under a file's status while its action waits; its rollback and reload wait too (one action per file). */
export const PENDING_ACTION_TEXTS: Record<FileActionType, string> = {
  LOAD_FILE: 'Load waits for approval',
  ROLLBACK_FILE: 'Rollback waits for approval',
  RELOAD_FILE: 'Reload waits for approval',
};
export const pendingActionId = (fileId: number) => `inbox-file-${fileId}-pending-action`;

export const ROLLBACK_TEXT = (fileName: string) =>
  `Roll back '${fileName}'? Its imported records will be deleted. This cannot be undone.`;
export const RELOAD_TEXT = (fileName: string) => `Reload '${fileName}'?`;
