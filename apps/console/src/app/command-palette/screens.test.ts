import { PERMISSIONS, type Permission } from '@web-control/contract/permissions';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { buildPaletteScreens, filterScreens } from './screens';

const labels = (screens: ReturnType<typeof buildPaletteScreens>) => screens.map((screen) => screen.label);

/** The permissions of every route guard on the way to a path, or undefined when no screen serves it. */
function guardPermissions(path: string): Permission[] | undefined {
  const matches = matchRoutes(routes, path);
  const last = matches?.at(-1);
  if (!matches || !last || last.route.path === '*' || last.params['*']) return undefined;
  return matches.flatMap(({ route }) => {
    const props: unknown = isValidElement(route.element) ? route.element.props : undefined;
    const permissions =
      typeof props === 'object' && props !== null && 'permissions' in props ? props.permissions : undefined;
    return Array.isArray(permissions) ? (permissions as Permission[]) : [];
  });
}

describe('palette screens', () => {
  it('lists every screen to a holder of every permission, sub-screens in place of their menu entry', () => {
    const screens = buildPaletteScreens({ hideHome: false, heldPermissions: PERMISSIONS });
    expect(screens.map(({ label, area }) => (area ? `${area} › ${label}` : label))).toEqual([
      'Home',
      'Monitoring › Health Overview',
      'Monitoring › Node View',
      'Load Balancer › Load Balancer Services',
      'Transactions',
      'Vouchers',
      'Finance › Processes',
      'Finance › Outbox',
      'Finance › Audit Log',
      'Finance › Jobs',
      'Configure › Maps',
      'Configure › Map Approvals',
      'User Management › Users',
      'User Management › Create User',
      'User Management › Roles',
      'User Management › Create Role',
      'Documentation',
    ]);
    expect(screens.filter((screen) => screen.external).map((screen) => screen.label)).toEqual([
      'Documentation',
    ]);
  });

  it('offers only Home without permissions, and nothing when Home is hidden', () => {
    expect(labels(buildPaletteScreens({ hideHome: false, heldPermissions: [] }))).toEqual(['Home']);
    expect(labels(buildPaletteScreens({ hideHome: true, heldPermissions: [] }))).toEqual([]);
  });

  it('offers Map Approvals only with APPROVE_MAPS, as the side menu does', () => {
    expect(labels(buildPaletteScreens({ hideHome: true, heldPermissions: ['VIEW_MAPPINGS'] }))).toEqual([
      'Maps',
    ]);
    expect(
      labels(buildPaletteScreens({ hideHome: true, heldPermissions: ['VIEW_MAPPINGS', 'APPROVE_MAPS'] })),
    ).toEqual(['Maps', 'Map Approvals']);
  });

  it('names only paths the router serves without parameters', () => {
    for (const screen of buildPaletteScreens({ hideHome: false, heldPermissions: PERMISSIONS })) {
      expect(guardPermissions(screen.to), screen.to).toBeDefined();
    }
  });

  it.each(PERMISSIONS)('offers a holder of only %s no sub-screen its route guard refuses', (permission) => {
    const screens = buildPaletteScreens({ hideHome: true, heldPermissions: [permission] });
    for (const screen of screens.filter((item) => item.area !== null)) {
      expect(
        guardPermissions(screen.to)?.every((needed) => needed === permission),
        screen.to,
      ).toBe(true);
    }
  });

  it('filters by every typed word, in the name or the area, in any case', () => {
    const screens = buildPaletteScreens({ hideHome: false, heldPermissions: PERMISSIONS });
    expect(labels(filterScreens(screens, 'FINANCE'))).toEqual(['Processes', 'Outbox', 'Audit Log', 'Jobs']);
    expect(labels(filterScreens(screens, 'role CREATE'))).toEqual(['Create Role']);
    expect(labels(filterScreens(screens, '  '))).toHaveLength(screens.length);
    expect(filterScreens(screens, 'nothing like this')).toEqual([]);
  });
});
