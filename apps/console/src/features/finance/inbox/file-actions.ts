import type { FileStatus } from '@web-control/contract/finance';
import type { Can } from '../../../shared/session/permissions';
import { DOWNLOADABLE_STATUSES, RELOADABLE_STATUSES } from './constants';

export interface FileActionsAllowed {
  download: boolean;
  rollback: boolean;
  reload: boolean;
}

/** What an inbox row offers: the permission and the file's status must both allow it. */
export function fileActionsOf(status: FileStatus, can: Can): FileActionsAllowed {
  const settled = (DOWNLOADABLE_STATUSES as readonly FileStatus[]).includes(status);
  return {
    download: settled && can('DOWNLOAD_INBOX_FILES'),
    rollback: settled && can('RECON_ROLLBACK_FILE'),
    reload: (RELOADABLE_STATUSES as readonly FileStatus[]).includes(status) && can('RECON_RELOAD_FILE'),
  };
}
