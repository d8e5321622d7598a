import { Button, Group, Pagination, Stack, Title } from '@mantine/core';
import type { Job } from '@web-control/contract/finance';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../shared/ui/data-table';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { StatePill, type StateKind } from '../../../shared/ui/state-pill';
import { useJobs } from '../api/get-jobs';
import { formatNumericSeconds } from '../../../shared/format/dates';
import { pageCountOf, pageQueryOf } from '../paging';
import { JOBS_MESSAGES, JOBS_PAGE_SIZE, JOBS_TITLE } from './constants';
import { jobSuccessOf, type JobSuccess } from './job-success';

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

export function JobsPage() {
  const [page, setPage] = useState(1);
  const jobs = useJobs(pageQueryOf(page, JOBS_PAGE_SIZE));
  return (
    <Stack>
      <PageTitle title={JOBS_TITLE} />
      <Group justify="space-between">
        <Title order={1}>{JOBS_TITLE}</Title>
        <Button variant="default" onClick={() => void jobs.refetch()} loading={jobs.isFetching}>
          Refresh
        </Button>
      </Group>
      <QueryState
        query={jobs}
        loadingLabel="Loading jobs"
        errorText={JOBS_MESSAGES.listFailed}
        emptyText={JOBS_MESSAGES.listEmpty}
        isEmpty={(data) => data.apiJobList.length === 0}
      >
        {(data) => (
          <Stack>
            <DataTable
              columns={COLUMNS}
              rows={data.apiJobList}
              rowId={(job) => job.name}
              label={JOBS_TITLE}
              minWidth={640}
              striped
            />
            <Pagination
              total={pageCountOf(data.paginationInfo.totalRecords, JOBS_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Jobs pages"
            />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
