import { PERMISSIONS } from '@web-control/contract/permissions';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu';

const labels = (menu: ReturnType<typeof buildMenu>) => menu.map((entry) => entry.label);

describe('menu gating', () => {
  it('shows every entry to a holder of every permission', () => {
    const menu = buildMenu({ hideHome: false, heldPermissions: PERMISSIONS });
    expect(labels(menu)).toEqual([
      'Home',
      'Monitoring',
      'Load Balancer',
      'Transactions',
      'Vouchers',
      'Finance',
      'Configure',
      'Reviews',
      'User Management',
      'Documentation',
    ]);
    expect(menu.find((entry) => entry.label === 'Configure')?.children?.map((c) => c.label)).toEqual([
      'Mappings',
      'Approvals',
    ]);
  });

  it('shows only Home to a user without permissions, and hides Home when configured', () => {
    expect(labels(buildMenu({ hideHome: false, heldPermissions: [] }))).toEqual(['Home']);
    expect(labels(buildMenu({ hideHome: true, heldPermissions: [] }))).toEqual([]);
  });

  it('gates each entry by its own permission', () => {
    expect(labels(buildMenu({ hideHome: true, heldPermissions: ['VIEW_TRANSACTIONS'] }))).toEqual([
      'Transactions',
      'Documentation',
    ]);
    expect(labels(buildMenu({ hideHome: true, heldPermissions: ['VIEW_VOUCHERS'] }))).toEqual(['Vouchers']);
  });

  it('shows the Configure sub-links only with APPROVE_MAPS', () => {
    const withoutApprove = buildMenu({ hideHome: true, heldPermissions: ['VIEW_MAPPINGS'] });
    expect(withoutApprove[0]?.children).toEqual([]);
    const withApprove = buildMenu({ hideHome: true, heldPermissions: ['VIEW_MAPPINGS', 'APPROVE_MAPS'] });
    expect(withApprove[0]?.children?.length).toBe(2);
  });
});
