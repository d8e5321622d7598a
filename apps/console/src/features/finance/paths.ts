export const FINANCE_PATH = '/dashboard/finance';
export const PROCESSES_PATH = `${FINANCE_PATH}/processes`;
export const OUTBOX_PATH = `${FINANCE_PATH}/outbox`;
export const AUDITS_PATH = `${FINANCE_PATH}/audits`;
export const JOBS_PATH = `${FINANCE_PATH}/jobs`;

/** The recon API's processes, a page of them the processes screen's first call. */
export const PROCESSES_API_PATH = '/processes';

export type ProcessTab = 'inbox' | 'results' | 'approvals' | 'settlements' | 'outbox';

export function processPath(processId: number, tab: ProcessTab): string {
  return `${PROCESSES_PATH}/${processId}/${tab}`;
}

export function approvalPath(processId: number, actionId: string): string {
  return `${processPath(processId, 'approvals')}/${encodeURIComponent(actionId)}`;
}
