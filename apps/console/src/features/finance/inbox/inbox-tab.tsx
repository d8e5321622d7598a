import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReconFile } from '@web-control/contract/finance';
import { reviewBodySchema } from '@web-control/contract/finance-actions';
import { formatDayTime } from '../../../shared/format/dates';
import { formatShortCount } from '../../../shared/format/metrics';
import { refusalText } from '../../../shared/http/error-message';
import { openModal } from '../../../shared/modals/modal-store';
import { usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { CONFIRM_TITLE } from '../../../shared/modals/standard-modals';
import { useCan, type Can } from '../../../shared/session/permissions';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { useInboxFiles } from '../api/get-inbox-files';
import { openFileDownload } from '../api/open-file-download';
import { useRequestFileAction, type FileAction } from '../api/request-file-action';
import { commentModal } from '../../../shared/modals/comment-modal-definition';
import { COMMENT_PLACEHOLDER, FINANCE_MESSAGES } from '../messages';
import { INBOX_PAGE_SIZE, INBOX_TABLE_LABEL, pendingActionId, RELOAD_TEXT, ROLLBACK_TEXT } from './constants';
import { FileStatus } from './file-status';
import { UploadButton } from '../upload/upload-button';
import { fileActionsOf } from './file-actions';
import { LiveControl } from '../../../shared/live/live-control';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const FILE_ACTION_MODALS = [commentModal];

async function downloadExceptions(file: ReconFile) {
  try {
    await openFileDownload(file.id, 'exceptions');
    notifications.show({ color: 'green', message: FINANCE_MESSAGES.exceptionsStarted });
  } catch (error) {
    notifications.show({ color: 'red', message: refusalText(error, FINANCE_MESSAGES.exceptionsFailed) });
  }
}

async function downloadFile(file: ReconFile) {
  try {
    await openFileDownload(file.id, 'download');
  } catch (error) {
    notifications.show({ color: 'red', message: refusalText(error, FINANCE_MESSAGES.downloadFailed) });
  }
}

function InboxRowActions({ file, can }: { file: ReconFile; can: Can }) {
  const allowed = fileActionsOf(file.status, can);
  const fileAction = useRequestFileAction();
  // One action per file waits at a time: the platform refuses a second, so it is not offered.
  const waiting =
    file.pendingAction == null ? {} : { disabled: true, 'aria-describedby': pendingActionId(file.id) };

  async function confirm(action: FileAction) {
    await openModal(commentModal, {
      title: CONFIRM_TITLE,
      text: action === 'rollback' ? ROLLBACK_TEXT(file.fileName) : RELOAD_TEXT(file.fileName),
      placeholder: COMMENT_PLACEHOLDER,
      confirmLabel: action === 'rollback' ? 'Rollback' : 'Reload',
      confirmColor: action === 'rollback' ? 'red' : undefined,
      schema: reviewBodySchema.shape.comment,
      apply: (comment) =>
        fileAction.mutateAsync({ action, fileId: file.id, fileName: file.fileName, comment }),
    });
  }

  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {allowed.download ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => void downloadFile(file)}
          aria-label={`Download ${file.fileName}`}
        >
          Download
        </Button>
      ) : null}
      {allowed.rollback ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => void confirm('rollback')}
          aria-label={`Rollback ${file.fileName}`}
          {...waiting}
        >
          Rollback
        </Button>
      ) : null}
      {allowed.reload ? (
        <Button
          size="xs"
          variant="light"
          onClick={() => void confirm('reload')}
          aria-label={`Reload ${file.fileName}`}
          {...waiting}
        >
          Reload
        </Button>
      ) : null}
    </Group>
  );
}

function inboxColumns(can: Can): DataTableColumn<ReconFile>[] {
  return [
    { id: 'fileName', header: 'Filename', rowHeader: true, cell: (file) => file.fileName },
    { id: 'party', header: 'Party', cell: (file) => file.partyName },
    { id: 'uploaded', header: 'Uploaded', cell: (file) => formatDayTime(file.createdDateTime) },
    {
      id: 'status',
      header: 'Status',
      cell: (file) => <FileStatus file={file} />,
    },
    {
      id: 'records',
      header: 'Records',
      cell: (file) => (file.records ? formatShortCount(file.records) : '-'),
    },
    {
      id: 'exceptions',
      header: 'Exceptions',
      cell: (file) => {
        if (file.exceptions === null) return '-';
        if (file.exceptions === 0) return '0';
        // The extract is fetched with an inbox file token, which needs DOWNLOAD_INBOX_FILES.
        if (!can('DOWNLOAD_INBOX_FILES')) return formatShortCount(file.exceptions);
        return (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void downloadExceptions(file)}
            aria-label={`Download ${formatShortCount(file.exceptions)} exception${file.exceptions === 1 ? '' : 's'} of ${file.fileName}`}
          >
            {formatShortCount(file.exceptions)}
          </Button>
        );
      },
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      cell: (file) => <InboxRowActions file={file} can={can} />,
    },
  ];
}

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading inbox',
  failed: FINANCE_MESSAGES.inboxFailed,
  empty: FINANCE_MESSAGES.inboxEmpty,
  pages: 'Inbox pages',
};

export function InboxTab({ processId }: { processId: number }) {
  const can = useCan();
  const paging = usePageState({ size: INBOX_PAGE_SIZE });
  usePreloadModalsWhenIdle(FILE_ACTION_MODALS);
  const files = useInboxFiles(processId, pageQueryOf(paging));
  return (
    <Stack>
      <Group justify="flex-end" gap="xs">
        <LiveControl />
        <CopyLinkButton />
        <ExportCsvButton list="finance-inbox" filter={{ processId }} />
        <UploadButton />
        <RefreshButton fetching={files.isFetching} onRefresh={() => void files.refetch()} />
      </Group>
      <PagedList
        query={files}
        paging={paging}
        texts={LIST_TEXTS}
        rowsOf={(data) => data.reconFiles}
        totalOf={totalRecordsOf}
        table={{
          columns: inboxColumns(can),
          rowId: (file) => String(file.id),
          label: INBOX_TABLE_LABEL,
          minWidth: 900,
          highlightOnHover: true,
        }}
      />
    </Stack>
  );
}
