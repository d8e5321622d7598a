import { PERMISSIONS } from '@web-control/contract/permissions';
import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../shared/runtime-config';
import { TEST_CONFIG } from '../test/tokens';
import { buildMenu, isCurrentEntry } from './menu';

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
    expect(menu.find((entry) => entry.label === 'Finance')?.children?.map((c) => c.label)).toEqual([
      'Processes',
      'Outbox',
      'Audit Log',
      'Jobs',
    ]);
  });

  it('offers the finance audit log only with VIEW_AUDITS', () => {
    const finance = (heldPermissions: string[]) =>
      buildMenu({ hideHome: true, heldPermissions })
        .find((entry) => entry.label === 'Finance')
        ?.children?.map((child) => child.to);
    expect(finance(['VIEW_PROCESSES'])).toEqual([
      '/dashboard/finance/processes',
      '/dashboard/finance/outbox',
      '/dashboard/finance/jobs',
    ]);
    expect(finance(['VIEW_PROCESSES', 'VIEW_AUDITS'])).toContain('/dashboard/finance/audits');
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

  describe('Reviews', () => {
    afterEach(() => setRuntimeConfig(undefined));
    const reviewsShownTo = (heldPermissions: string[]) =>
      labels(buildMenu({ hideHome: true, heldPermissions })).includes('Reviews');

    it('shows to finance and map approvers, not to editors whose changes are made at once', () => {
      setRuntimeConfig(TEST_CONFIG);
      expect(reviewsShownTo(['APPROVE_ACTIONS'])).toBe(true);
      expect(reviewsShownTo(['APPROVE_MAPS'])).toBe(true);
      expect(reviewsShownTo(['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER', 'MANAGE_USERS'])).toBe(false);
    });

    it('shows to the editors of each area FOUR_EYES sends for review', () => {
      setRuntimeConfig({ ...TEST_CONFIG, fourEyes: ['load-balancer'] });
      expect(reviewsShownTo(['VIEW_LOAD_BALANCER', 'EDIT_LOAD_BALANCER'])).toBe(true);
      expect(reviewsShownTo(['MANAGE_USERS'])).toBe(false);
      setRuntimeConfig({ ...TEST_CONFIG, fourEyes: ['admin'] });
      expect(reviewsShownTo(['MANAGE_USERS'])).toBe(true);
    });
  });
});

describe('the current entry', () => {
  it('is the entry of the area the page is in, on any of its screens', () => {
    const monitoring = { to: '/dashboard/monitoring/overview' };
    expect(isCurrentEntry('/dashboard/monitoring/overview', monitoring)).toBe(true);
    expect(isCurrentEntry('/dashboard/monitoring/node', monitoring)).toBe(true);
    expect(isCurrentEntry('/dashboard/admin/roles/3', { to: '/dashboard/admin/users' })).toBe(true);
    expect(isCurrentEntry('/dashboard/finance/outbox', { to: '/dashboard/finance/processes' })).toBe(true);
    expect(isCurrentEntry('/dashboard/monitoring-x', monitoring)).toBe(false);
    expect(isCurrentEntry('/dashboard/home', monitoring)).toBe(false);
  });
});
