import { Button, Group, Pagination, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../../shared/ui/page-title';
import { QueryState } from '../../../shared/ui/query-state';
import { useProcesses } from '../api/get-processes';
import { pageCountOf, pageQueryOf } from '../paging';
import { PROCESSES_MESSAGES, PROCESSES_PAGE_SIZE, PROCESSES_TITLE } from './constants';
import { UploadButton } from '../upload/upload-button';
import { ProcessCard } from './process-card';

export function ProcessesPage() {
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const processes = useProcesses(pageQueryOf(page, PROCESSES_PAGE_SIZE));

  function toggle(processId: number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(processId)) next.add(processId);
      return next;
    });
  }

  return (
    <Stack>
      <PageTitle title={PROCESSES_TITLE} />
      <Group justify="space-between">
        <Title order={1}>{PROCESSES_TITLE}</Title>
        <Group gap="xs">
          <UploadButton />
          <Button variant="default" onClick={() => void processes.refetch()} loading={processes.isFetching}>
            Refresh
          </Button>
        </Group>
      </Group>
      <QueryState
        query={processes}
        loadingLabel="Loading processes"
        errorText={PROCESSES_MESSAGES.listFailed}
        emptyText={PROCESSES_MESSAGES.listEmpty}
        isEmpty={(data) => data.processes.length === 0}
      >
        {(data) => (
          <Stack>
            {data.processes.map((process) => (
              <ProcessCard
                key={process.id}
                process={process}
                expanded={expanded.has(process.id)}
                onToggle={() => toggle(process.id)}
              />
            ))}
            <Pagination
              total={pageCountOf(data.paginationInfo.totalRecords, PROCESSES_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Processes pages"
            />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
