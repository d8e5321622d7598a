import type { Permission } from '@web-control/contract/permissions';

export interface MenuLink {
  label: string;
  to: string;
  /** All of these are needed to see the entry. */
  permissions: Permission[];
  /** Opens outside the console, in a new tab. */
  external?: boolean;
  children?: MenuLink[];
}

export const DOCUMENTATION_PATH = '/dashboard/documentation';

/** The menu of specification section 6; Logout is added by the side menu itself. */
export function buildMenu(options: { hideHome: boolean; heldPermissions: readonly string[] }): MenuLink[] {
  const entries: MenuLink[] = [
    { label: 'Home', to: '/dashboard/home', permissions: [] },
    { label: 'Monitoring', to: '/dashboard/monitoring/overview', permissions: ['MONITOR_SERVICES'] },
    { label: 'Load Balancer', to: '/dashboard/load-balancer/services', permissions: ['VIEW_LOAD_BALANCER'] },
    { label: 'Transactions', to: '/dashboard/transactions', permissions: ['VIEW_TRANSACTIONS'] },
    { label: 'Vouchers', to: '/dashboard/vouchers', permissions: ['VIEW_VOUCHERS'] },
    { label: 'Finance', to: '/dashboard/finance/processes', permissions: ['VIEW_PROCESSES'] },
    {
      label: 'Configure',
      to: '/dashboard/config/maps',
      permissions: ['VIEW_MAPPINGS'],
      children: [
        { label: 'Mappings', to: '/dashboard/config/maps', permissions: ['APPROVE_MAPS'] },
        { label: 'Approvals', to: '/dashboard/config/approvals', permissions: ['APPROVE_MAPS'] },
      ],
    },
    { label: 'User Management', to: '/dashboard/admin/users', permissions: ['MANAGE_USERS'] },
    { label: 'Documentation', to: DOCUMENTATION_PATH, permissions: ['VIEW_TRANSACTIONS'], external: true },
  ];
  const allowed = (entry: MenuLink) => entry.permissions.every((p) => options.heldPermissions.includes(p));
  return entries
    .filter((entry) => !(options.hideHome && entry.label === 'Home'))
    .filter(allowed)
    .map((entry) => (entry.children ? { ...entry, children: entry.children.filter(allowed) } : entry));
}
