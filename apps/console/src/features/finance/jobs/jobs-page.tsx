import { Group, Stack, Title } from '@mantine/core';
import { jobSuccessOf, type Job, type JobSuccess } from '@web-control/contract/finance';
import type { DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { useJobs } from '../api/get-jobs';
import { formatNumericSeconds } from '../../../shared/format/dates';
import { JOBS_MESSAGES, JOBS_PAGE_SIZE, JOBS_TITLE } from './constants';
import { CopyLinkButton } from '../../../shared/url/copy-link-button';
import { ExportCsvButton } from '../../../shared/ui/export-csv-button';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const SUCCESS_KINDS: Record<JobSuccess, StateKind> = {
  Pending: 'info',
  Successful: 'success',
  Unsuccessful: 'error',
};

const COLUMNS: DataTableColumn<Job>[] = [
  { id: 'name', header: 'Job Name', rowHeader: true, cell: (job) => job.name },
  { id: 'lastRuntime', header: 'Last Runtime', cell: (job) => formatNumericSeconds(job.lastRuntime) },
  {
    id: 'lastSuccessfulRuntime',
    header: 'Last Successful Runtime',
    cell: (job) => formatNumericSeconds(job.lastSuccessfulRuntime),
  },
  {
    id: 'success',
    header: 'Success',
    cell: (job) => {
      const success = jobSuccessOf(job);
      return <StatePill label={success} kind={SUCCESS_KINDS[success]} />;
    },
  },
];

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading jobs',
  failed: JOBS_MESSAGES.listFailed,
  empty: JOBS_MESSAGES.listEmpty,
  pages: 'Jobs pages',
};

export function JobsPage() {
  const paging = usePageState({ size: JOBS_PAGE_SIZE });
  const jobs = useJobs(pageQueryOf(paging));
  return (
    <Stack>
      <PageTitle title={JOBS_TITLE} />
      <Group justify="space-between">
        <Title order={1}>{JOBS_TITLE}</Title>
        <Group gap="xs">
          <CopyLinkButton />
          <ExportCsvButton list="finance-jobs" filter={{}} />
          <RefreshButton fetching={jobs.isFetching} onRefresh={() => void jobs.refetch()} />
        </Group>
      </Group>
      <PagedList
        query={jobs}
        paging={paging}
        texts={LIST_TEXTS}
        rowsOf={(data) => data.apiJobList}
        totalOf={totalRecordsOf}
        table={{
          columns: COLUMNS,
          rowId: (job) => job.name,
          label: JOBS_TITLE,
          minWidth: 640,
          striped: true,
        }}
      />
    </Stack>
  );
}
