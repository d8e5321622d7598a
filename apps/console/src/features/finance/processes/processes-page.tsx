import { Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { PageTitle } from '../../../shared/ui/page-title';
import { PagedList, type PagedListTexts } from '../../../shared/ui/paged-list';
import { pageQueryOf, totalRecordsOf } from '../../../shared/ui/paging';
import { usePageState } from '../../../shared/ui/use-page-state';
import { useProcesses } from '../api/get-processes';
import { PROCESSES_MESSAGES, PROCESSES_PAGE_SIZE } from './constants';
import { PROCESSES_TITLE } from '../titles';
import { UploadButton } from '../upload/upload-button';
import { ProcessCard } from './process-card';
import { RefreshButton } from '../../../shared/ui/refresh-button';

const LIST_TEXTS: PagedListTexts = {
  loading: 'Loading processes',
  failed: PROCESSES_MESSAGES.listFailed,
  empty: PROCESSES_MESSAGES.listEmpty,
  pages: 'Processes pages',
};

export function ProcessesPage() {
  const paging = usePageState({ size: PROCESSES_PAGE_SIZE });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const processes = useProcesses(pageQueryOf(paging));

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
          <RefreshButton fetching={processes.isFetching} onRefresh={() => void processes.refetch()} />
        </Group>
      </Group>
      <PagedList
        query={processes}
        paging={paging}
        texts={LIST_TEXTS}
        rowsOf={(data) => data.processes}
        totalOf={totalRecordsOf}
      >
        {(rows) =>
          rows.map((process) => (
            <ProcessCard
              key={process.id}
              process={process}
              expanded={expanded.has(process.id)}
              onToggle={() => toggle(process.id)}
            />
          ))
        }
      </PagedList>
    </Stack>
  );
}
