import { PERMISSIONS } from '@web-control/contract/permissions';
import { describe, expect, it } from 'vitest';
import { guardPermissions } from '../../test/route-guards';
import { routes } from '../router';
import { buildPaletteScreens, filterScreens } from './screens';

const labels = (screens: ReturnType<typeof buildPaletteScreens>) => screens.map((screen) => screen.label);

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
      'Reviews › Reviews',
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
    ).toEqual(['Maps', 'Map Approvals', 'Reviews']);
  });

  it('names only paths the router serves without parameters', () => {
    for (const screen of buildPaletteScreens({ hideHome: false, heldPermissions: PERMISSIONS })) {
      expect(guardPermissions(routes, screen.to), screen.to).toBeDefined();
    }
  });

  it.each(PERMISSIONS)('offers a holder of only %s no screen its route guard refuses', (permission) => {
    const screens = buildPaletteScreens({ hideHome: true, heldPermissions: [permission] });
    for (const screen of screens) {
      expect(
        guardPermissions(routes, screen.to)?.every((needed) => needed === permission),
        screen.to,
      ).toBe(true);
    }
  });

  it('offers Vouchers only with VIEW_TRANSACTIONS as well, which its pages need', () => {
    expect(labels(buildPaletteScreens({ hideHome: true, heldPermissions: ['VIEW_VOUCHERS'] }))).toEqual([]);
    expect(
      labels(
        buildPaletteScreens({ hideHome: true, heldPermissions: ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS'] }),
      ),
    ).toEqual(['Transactions', 'Vouchers', 'Documentation']);
  });

  it('filters by every typed word, in the name or the area, in any case', () => {
    const screens = buildPaletteScreens({ hideHome: false, heldPermissions: PERMISSIONS });
    expect(labels(filterScreens(screens, 'FINANCE'))).toEqual(['Processes', 'Outbox', 'Audit Log', 'Jobs']);
    expect(labels(filterScreens(screens, 'role CREATE'))).toEqual(['Create Role']);
    expect(labels(filterScreens(screens, '  '))).toHaveLength(screens.length);
    expect(filterScreens(screens, 'nothing like this')).toEqual([]);
  });
});
