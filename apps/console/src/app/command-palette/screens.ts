import { holdsAll, type Permission } from '@web-control/contract/permissions';
import { buildMenu } from '../menu';

export interface PaletteScreen {
  label: string;
  to: string;
  /** The menu entry the screen belongs to, when it is not a menu entry itself. */
  area: string | null;
  /** Opens outside the console, in a new tab. */
  external: boolean;
}

interface SubScreen {
  /** The label of its menu entry. */
  area: string;
  label: string;
  to: string;
  /** Those of its route guard in the router. */
  permissions: Permission[];
}

/** The router's screens that open without parameters, under the menu entry of their area. */
const SUB_SCREENS: SubScreen[] = [
  {
    area: 'Monitoring',
    label: 'Health Overview',
    to: '/dashboard/monitoring/overview',
    permissions: ['MONITOR_SERVICES'],
  },
  {
    area: 'Monitoring',
    label: 'Node View',
    to: '/dashboard/monitoring/node',
    permissions: ['MONITOR_SERVICES'],
  },
  {
    area: 'Load Balancer',
    label: 'Load Balancer Services',
    to: '/dashboard/load-balancer/services',
    permissions: ['VIEW_LOAD_BALANCER'],
  },
  {
    area: 'Finance',
    label: 'Processes',
    to: '/dashboard/finance/processes',
    permissions: ['VIEW_PROCESSES'],
  },
  { area: 'Finance', label: 'Outbox', to: '/dashboard/finance/outbox', permissions: ['VIEW_PROCESSES'] },
  { area: 'Finance', label: 'Audit Log', to: '/dashboard/finance/audits', permissions: ['VIEW_PROCESSES'] },
  { area: 'Finance', label: 'Jobs', to: '/dashboard/finance/jobs', permissions: ['VIEW_PROCESSES'] },
  { area: 'Configure', label: 'Maps', to: '/dashboard/config/maps', permissions: ['VIEW_MAPPINGS'] },
  {
    area: 'Configure',
    label: 'Map Approvals',
    to: '/dashboard/config/approvals',
    permissions: ['APPROVE_MAPS'],
  },
  { area: 'User Management', label: 'Users', to: '/dashboard/admin/users', permissions: ['MANAGE_USERS'] },
  {
    area: 'User Management',
    label: 'Create User',
    to: '/dashboard/admin/users/create',
    permissions: ['MANAGE_USERS'],
  },
  { area: 'User Management', label: 'Roles', to: '/dashboard/admin/roles', permissions: ['MANAGE_USERS'] },
  {
    area: 'User Management',
    label: 'Create Role',
    to: '/dashboard/admin/roles/create',
    permissions: ['MANAGE_USERS'],
  },
];

/**
 * Every screen the user may open: the side menu's entries, filtered as the side menu filters them,
 * each replaced by the screens of its area when it has several.
 */
export function buildPaletteScreens(options: {
  hideHome: boolean;
  heldPermissions: readonly string[];
}): PaletteScreen[] {
  return buildMenu(options).flatMap((entry): PaletteScreen[] => {
    const screens = SUB_SCREENS.filter(
      (screen) => screen.area === entry.label && holdsAll(options.heldPermissions, screen.permissions),
    );
    if (screens.length === 0) {
      return [{ label: entry.label, to: entry.to, area: null, external: entry.external ?? false }];
    }
    return screens.map(({ label, to, area }) => ({ label, to, area, external: false }));
  });
}

/** The screens whose name or area holds every word of the query, in any case. */
export function filterScreens(screens: readonly PaletteScreen[], query: string): PaletteScreen[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return screens.filter((screen) => {
    const text = `${screen.label} ${screen.area ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
