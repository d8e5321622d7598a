import { ADMIN_SCREENS } from '../features/admin/screens';
import { CONFIG_MAPS_SCREENS } from '../features/config-maps/screens';
import { FINANCE_SCREENS } from '../features/finance/screens';
import { HOME_SCREENS } from '../features/home/screens';
import { REVIEWS_SCREENS } from '../features/reviews/screens';
import { LOAD_BALANCER_SCREENS } from '../features/load-balancer/screens';
import { MONITORING_SCREENS } from '../features/monitoring/screens';
import { TRANSACTIONS_SCREENS } from '../features/transactions/screens';
import { VOUCHERS_SCREENS } from '../features/vouchers/screens';
import type { Permission } from '@web-control/contract/permissions';
import type { Area, AreaScreen } from '../shared/screens/define-area';
import { DOCUMENTATION_SCREENS } from './documentation-screens';

/** The areas under /dashboard, in the order of the side menu. */
export const AREAS: readonly Area[] = [
  HOME_SCREENS,
  MONITORING_SCREENS,
  LOAD_BALANCER_SCREENS,
  TRANSACTIONS_SCREENS,
  VOUCHERS_SCREENS,
  FINANCE_SCREENS,
  CONFIG_MAPS_SCREENS,
  REVIEWS_SCREENS,
  ADMIN_SCREENS,
  DOCUMENTATION_SCREENS,
];

export interface ReachableScreen {
  path: string;
  /** Every permission the route guards on its way ask for. */
  permissions: Permission[];
  paletteLabel: string | undefined;
}

/** The area's routes that show a screen, each with all the permissions its guards need. */
export function listScreens(area: Area): ReachableScreen[] {
  const walk = (screens: readonly AreaScreen[], inherited: Permission[]): ReachableScreen[] =>
    screens.flatMap((screen) => {
      if ('redirectTo' in screen || screen.path === undefined) return [];
      const permissions = [...inherited, ...screen.permissions];
      return [
        { path: screen.path, permissions, paletteLabel: screen.paletteLabel },
        ...walk(screen.children, permissions),
      ];
    });
  return walk(area.screens, area.permissions);
}
