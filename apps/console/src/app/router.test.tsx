import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSIONS } from '@web-control/contract/permissions';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../shared/runtime-config';
import { defineArea } from '../shared/screens/define-area';
import { dispatchAccount, resetAccountForTests } from '../shared/session/session-state';
import { routeFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { navigateTo } from '../test/router';
import { guardPermissions } from '../test/route-guards';
import { TEST_CONFIG } from '../test/tokens';
import { AREAS, listScreens } from './areas';
import { buildMenu } from './menu';
import { NOT_FOUND_TEXT } from './not-found-page';
import { buildRoutes, routes } from './router';
import { SCREEN_ERROR_TEXTS } from './screen-error-page';

function Broken(): never {
  throw new Error('A screen that cannot render');
}

function Working() {
  return <h1>Working screen</h1>;
}

const TEST_AREAS = [
  defineArea({
    permissions: [],
    load: () => Promise.resolve({ Broken, Working }),
    screens: [
      { path: '/dashboard/working', component: (area) => area.Working },
      { path: '/dashboard/broken', component: (area) => area.Broken },
    ],
    menu: { label: 'Working', to: '/dashboard/working' },
  }),
  defineArea({
    permissions: [],
    load: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    screens: [{ path: '/dashboard/unreachable', component: () => Working }],
    menu: { label: 'Unreachable', to: '/dashboard/unreachable' },
  }),
];

describe('routes built from the area declarations', () => {
  it('serves every menu target and every declared screen behind the guards of its area', () => {
    for (const entry of buildMenu({ hideHome: false, heldPermissions: PERMISSIONS })) {
      expect(guardPermissions(routes, entry.to), entry.to).toBeDefined();
    }
    for (const area of AREAS) {
      for (const declared of listScreens(area)) {
        const path = declared.path.replace(/:\w+/g, 'an-id').replace(/\/\*$/, '');
        expect(guardPermissions(routes, path)?.toSorted(), declared.path).toEqual(
          declared.permissions.toSorted(),
        );
      }
    }
  });

  it('lets only holders of VIEW_VOUCHERS and VIEW_TRANSACTIONS open the voucher pages', () => {
    expect(guardPermissions(routes, '/dashboard/vouchers')?.toSorted()).toEqual([
      'VIEW_TRANSACTIONS',
      'VIEW_VOUCHERS',
    ]);
    expect(guardPermissions(routes, '/dashboard/vouchers/v-1')?.toSorted()).toEqual([
      'VIEW_TRANSACTIONS',
      'VIEW_VOUCHERS',
    ]);
  });

  it('keeps the Map Approvals guard to APPROVE_MAPS alone and the admin screens to MANAGE_USERS', () => {
    expect(guardPermissions(routes, '/dashboard/config/approvals')).toEqual(['APPROVE_MAPS']);
    expect(guardPermissions(routes, '/dashboard/config/maps/m-1')).toEqual(['VIEW_MAPPINGS']);
    expect(guardPermissions(routes, '/dashboard/admin/users/u-1/edit')).toEqual(['MANAGE_USERS']);
  });
});

describe('pages for what cannot be shown', () => {
  // The dashboard layout is a lazy chunk: its first import (Mantine's modules transformed) can
  // take longer than a screen's wait on a busy machine, so it is paid for before the tests.
  beforeAll(async () => {
    await import('./layout/dashboard-layout');
  }, 60_000);

  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.stubGlobal('fetch', routeFetch({}).fetchMock);
    dispatchAccount({
      type: 'authenticated',
      accessToken: 'token',
      refreshToken: 'refresh',
      username: 'Jane Operator',
      permissions: [],
    });
    // React reports the caught render error; the page is what this test is about.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetAccountForTests();
  });

  it('replaces a screen that fails to render with the error page, inside the dashboard layout', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(buildRoutes(TEST_AREAS), { path: '/dashboard/working' });
    expect(await screen.findByRole('heading', { name: 'Working screen' })).toBeInTheDocument();

    await navigateTo(router, '/dashboard/broken');
    expect(await screen.findByRole('heading', { name: SCREEN_ERROR_TEXTS.heading })).toBeInTheDocument();
    expect(screen.getByText(SCREEN_ERROR_TEXTS.text)).toBeInTheDocument();
    expect(document.title).toBe('Something went wrong | Web Control');
    expect(screen.getByRole('navigation', { name: 'Main menu' }), 'the menu stays').toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute(
      'href',
      '/dashboard/home',
    );

    await user.click(screen.getByRole('button', { name: 'Back to the previous page' }));
    expect(await screen.findByRole('heading', { name: 'Working screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/working');
  });

  it('shows the same page when a screen chunk fails to load, without a back button on a first visit', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, defaultPath: '/dashboard/working' });
    renderRoutes(buildRoutes(TEST_AREAS), { path: '/dashboard/unreachable' });
    expect(await screen.findByRole('heading', { name: SCREEN_ERROR_TEXTS.heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the previous page' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to the start page' }));
    expect(await screen.findByRole('heading', { name: 'Working screen' })).toBeInTheDocument();
  });

  it('offers a way back from an unknown address under /dashboard', async () => {
    setRuntimeConfig({ ...TEST_CONFIG, defaultPath: '/dashboard/working' });
    const user = userEvent.setup();
    const { router } = renderRoutes(buildRoutes(TEST_AREAS), { path: '/dashboard/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contact support' }).parentElement).toHaveTextContent(
      NOT_FOUND_TEXT,
    );

    await user.click(screen.getByRole('link', { name: 'Back to the start page' }));
    expect(await screen.findByRole('heading', { name: 'Working screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/working');
  });
});
