import type { Permission } from '@web-control/contract/permissions';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getDefaultPath } from '../shared/runtime-config';
import { LoginPage } from '../features/auth/login/login-page';
import type { Area, AreaScreen } from '../shared/screens/define-area';
import { AREAS } from './areas';
import { RequireAccess } from './guards';
import { NotFoundPage } from './not-found-page';
import { withPageLeaving } from '../shared/forms/page-leaving';
import { CardNumbersKeptOutOfAddress } from '../shared/url/card-numbers-in-address';
import { ScreenErrorPage } from './screen-error-page';

/** A screen loaded on first visit. */
function lazyScreen(load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

function guarded(permissions: Permission[], children: RouteObject[]): RouteObject[] {
  return permissions.length > 0
    ? [{ element: <RequireAccess permissions={permissions} />, children }]
    : children;
}

function toRoutes(screen: AreaScreen): RouteObject[] {
  let route: RouteObject;
  if ('redirectTo' in screen) {
    const element = <Navigate to={screen.redirectTo} replace />;
    route = screen.path === undefined ? { index: true, element } : { path: screen.path, element };
  } else if (screen.path === undefined) {
    route = { index: true, ...lazyScreen(screen.load) };
  } else {
    const children = screen.children.flatMap(toRoutes);
    route = { path: screen.path, ...lazyScreen(screen.load), ...(children.length > 0 ? { children } : {}) };
  }
  return guarded(screen.permissions, [route]);
}

function DefaultPathRedirect() {
  return <Navigate to={getDefaultPath()} replace />;
}

const password = () => import('../features/password/routes');
// The layout (menu, header, command palette) is nothing /login needs: it loads with the first dashboard page.
const dashboardLayout = async () => (await import('./layout/dashboard-layout')).DashboardLayout;

function DrawnBesideTheRouter() {
  return null;
}

/** Every route of the console: the public pages, and under /dashboard the declared areas. */
export function buildRoutes(areas: readonly Area[]): RouteObject[] {
  const dashboardRoutes: RouteObject[] = [
    { index: true, element: <DefaultPathRedirect /> },
    ...areas.flatMap((area) => guarded(area.permissions, area.screens.flatMap(toRoutes))),
  ];
  // Above the root's error page too: Back from it still takes the page's modals.
  return withPageLeaving([
    {
      // No page renders with a whole card number in its address: it is masked first.
      element: <CardNumbersKeptOutOfAddress />,
      // What fails outside the dashboard layout (or in it) still gets a page with a way back.
      errorElement: <ScreenErrorPage standalone />,
      // While the first screen's chunks load the served shell shows, drawn beside the router
      // (served-shell.tsx); said here, the router no longer warns in the console that it has none.
      HydrateFallback: DrawnBesideTheRouter,
      children: [
        { path: '/', element: <DefaultPathRedirect /> },
        // Part of the entry: most visits start here, and a lazy chunk would cost a round trip.
        { path: '/login', Component: LoginPage },
        { path: '/forgot', ...lazyScreen(async () => (await password()).ResetPasswordPage) },
        { path: '/reset/:token', ...lazyScreen(async () => (await password()).ResetPasswordPage) },
        { path: '/enroll/:token', ...lazyScreen(async () => (await password()).EnrolmentPage) },
        {
          path: '/dashboard',
          element: <RequireAccess />,
          children: [
            {
              ...lazyScreen(dashboardLayout),
              // A screen that fails to load or render is replaced inside the layout, menu and all.
              children: [{ errorElement: <ScreenErrorPage />, children: dashboardRoutes }],
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

export const routes = buildRoutes(AREAS);

export function createRouter() {
  return createBrowserRouter(routes);
}

export type ConsoleRouter = ReturnType<typeof createRouter>;
