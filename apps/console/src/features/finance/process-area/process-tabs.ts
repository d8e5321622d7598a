import type { Permission } from '@web-control/contract/permissions';
import type { Can } from '../../../shared/session/permissions';
import type { ProcessTab } from '../paths';

export interface ProcessTabDefinition {
  tab: ProcessTab;
  label: string;
  /** Shown only with this permission (specification 2, section 6). */
  permission?: Permission;
}

export const PROCESS_TABS: readonly ProcessTabDefinition[] = [
  { tab: 'inbox', label: 'Inbox' },
  { tab: 'results', label: 'Recon' },
  { tab: 'approvals', label: 'Approvals', permission: 'VIEW_ACTIONS' },
  { tab: 'settlements', label: 'Settlement', permission: 'RECON_SETTLEMENT' },
  { tab: 'outbox', label: 'Outbox' },
];

export function isTabAllowed(tab: ProcessTabDefinition, can: Can): boolean {
  return tab.permission === undefined || can(tab.permission);
}

export function visibleTabsOf(can: Can): ProcessTabDefinition[] {
  return PROCESS_TABS.filter((each) => isTabAllowed(each, can));
}
