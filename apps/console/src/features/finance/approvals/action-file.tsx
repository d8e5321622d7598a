import type { ActionFile } from '@web-control/contract/finance-actions';
import { formatNumericMinute } from '../../../shared/format/dates';
import { formatCount, formatFileSize } from '../../../shared/format/metrics';
import { DetailsTable, type DetailRow } from '../../../shared/ui/details-table';
import { FileStatus } from '../inbox/file-status';
import { APPROVAL_DETAIL_TEXTS } from './constants';

/** The file a file action is about, as its approver weighs it: what it holds, where it stands. */
export function ActionFileDetails({ file }: { file: ActionFile }) {
  const rows: DetailRow[] = [
    ['File', file.fileName],
    ['Party', file.partyName],
    ['Uploaded', formatNumericMinute(file.createdDateTime)],
    ['Size', formatFileSize(file.sizeBytes)],
    ['Records in the file', file.recordsTotal === null ? '-' : formatCount(file.recordsTotal)],
    ['Status', <FileStatus key="status" file={file} />],
  ];
  if (file.records !== null) {
    rows.push([
      'Loaded',
      APPROVAL_DETAIL_TEXTS.loaded(formatCount(file.records), formatCount(file.exceptions ?? 0)),
    ]);
  }
  return <DetailsTable rows={rows} label={APPROVAL_DETAIL_TEXTS.fileLabel} nameWidth={180} />;
}
