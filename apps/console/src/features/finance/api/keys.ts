import type { PageQuery } from '@web-control/contract/finance';
import type { AuditsQuery } from '@web-control/contract/finance-actions';
import type { ReconQuery } from '@web-control/contract/finance-results';
import type { SettlementsQuery } from '@web-control/contract/finance-settlements';
import type { ExtractsRequest } from '../outbox/outbox-filters';

export const financeKeys = {
  all: ['finance'] as const,
  processes: () => [...financeKeys.all, 'processes'] as const,
  processPage: (page: PageQuery) => [...financeKeys.processes(), 'page', page] as const,
  process: (processId: number) => [...financeKeys.processes(), 'detail', processId] as const,
  snapshot: (processId: number) => [...financeKeys.process(processId), 'snapshot'] as const,
  files: () => [...financeKeys.all, 'files'] as const,
  filePage: (processId: number, page: PageQuery) => [...financeKeys.files(), processId, page] as const,
  uploadCandidates: (fileName: string) => [...financeKeys.all, 'upload-candidates', fileName] as const,
  actions: () => [...financeKeys.all, 'actions'] as const,
  pendingActions: (processId: number, page: PageQuery) =>
    [...financeKeys.actions(), 'pending', processId, page] as const,
  action: (processId: number, actionId: string) =>
    [...financeKeys.actions(), 'detail', processId, actionId] as const,
  actionTransactions: (processId: number, actionId: string, page: PageQuery) =>
    [...financeKeys.action(processId, actionId), 'transactions', page] as const,
  audits: (query: AuditsQuery) => [...financeKeys.actions(), 'audits', query] as const,
  jobPage: (page: PageQuery) => [...financeKeys.all, 'jobs', page] as const,
  transactions: (processId: number) => [...financeKeys.all, 'transactions', processId] as const,
  transactionPage: (processId: number, query: ReconQuery) =>
    [...financeKeys.transactions(processId), query] as const,
  settlements: () => [...financeKeys.all, 'settlements'] as const,
  settlementPage: (query: SettlementsQuery) => [...financeKeys.settlements(), 'page', query] as const,
  extracts: () => [...financeKeys.all, 'extracts'] as const,
  extractPage: (query: ExtractsRequest) => [...financeKeys.extracts(), 'page', query] as const,
  extractTagNames: () => [...financeKeys.extracts(), 'tags'] as const,
  extractTagValues: (tagId: string, processId: number | undefined) =>
    [...financeKeys.extracts(), 'tags', tagId, processId ?? 'all'] as const,
  settlementWaiting: (processId: number) => [...financeKeys.settlements(), 'waiting', processId] as const,
  settlement: (settlementId: number) => [...financeKeys.settlements(), 'detail', settlementId] as const,
};
