import type { ProcessTab } from '../paths';

export interface ProcessTabDefinition {
  tab: ProcessTab;
  label: string;
  /** Shown only with this permission (specification 2, section 6). */
  permission?: string;
}

export const PROCESS_TABS: readonly ProcessTabDefinition[] = [
  { tab: 'inbox', label: 'Inbox' },
  { tab: 'results', label: 'Recon' },
  { tab: 'approvals', label: 'Approvals', permission: 'VIEW_ACTIONS' },
  { tab: 'settlements', label: 'Settlement', permission: 'RECON_SETTLEMENT' },
  { tab: 'outbox', label: 'Outbox' },
];

export function visibleTabsOf(permissions: readonly string[]): ProcessTabDefinition[] {
  return PROCESS_TABS.filter(
    (each) => each.permission === undefined || permissions.includes(each.permission),
  );
}
