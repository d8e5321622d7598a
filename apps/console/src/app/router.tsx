import type { Permission } from '@web-control/contract/permissions';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getDefaultPath } from '../shared/runtime-config';
import { DocumentationRedirect } from './documentation-redirect';
import { RequireAccess } from './guards';
import { DashboardLayout } from './layout/dashboard-layout';
import { NotFoundPage } from './not-found-page';

/** A screen of an area, loaded with the area's chunk on first visit. */
function screen(load: () => Promise<React.ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

function guarded(permissions: Permission[], children: RouteObject[]): RouteObject {
  return { element: <RequireAccess permissions={permissions} />, children };
}

const home = () => import('../features/home/routes');
const monitoring = () => import('../features/monitoring/routes');
const loadBalancer = () => import('../features/load-balancer/routes');
const transactions = () => import('../features/transactions/routes');
const vouchers = () => import('../features/vouchers/routes');
const finance = () => import('../features/finance/routes');
const configMaps = () => import('../features/config-maps/routes');
const admin = () => import('../features/admin/routes');
const password = () => import('../features/password/routes');
const auth = () => import('../features/auth/login/login-page');

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <DefaultPathRedirect /> },
  { path: 'home', ...screen(async () => (await home()).HomePage) },
  guarded(
    ['MONITOR_SERVICES'],
    [
      { path: 'monitoring', element: <Navigate to="/dashboard/monitoring/overview" replace /> },
      { path: 'monitoring/overview', ...screen(async () => (await monitoring()).HealthOverviewPage) },
      { path: 'monitoring/node', ...screen(async () => (await monitoring()).NodeViewPage) },
    ],
  ),
  guarded(
    ['VIEW_LOAD_BALANCER'],
    [
      { path: 'load-balancer', element: <Navigate to="/dashboard/load-balancer/services" replace /> },
      { path: 'load-balancer/services', ...screen(async () => (await loadBalancer()).ServicesPage) },
      {
        path: 'load-balancer/services/:serviceId',
        ...screen(async () => (await loadBalancer()).ServiceDetailPage),
      },
    ],
  ),
  guarded(
    ['VIEW_TRANSACTIONS'],
    [
      { path: 'transactions', ...screen(async () => (await transactions()).TransactionsPage) },
      { path: 'transactions/:uuid', ...screen(async () => (await transactions()).TransactionMessagesPage) },
      { path: 'vouchers', ...screen(async () => (await vouchers()).VoucherSearchPage) },
      { path: 'vouchers/:voucherId', ...screen(async () => (await vouchers()).VoucherDetailPage) },
      { path: 'documentation', element: <DocumentationRedirect /> },
    ],
  ),
  guarded(
    ['VIEW_PROCESSES'],
    [
      { path: 'finance', element: <Navigate to="/dashboard/finance/processes" replace /> },
      { path: 'finance/processes', ...screen(async () => (await finance()).ProcessesPage) },
      { path: 'finance/processes/:processId/*', ...screen(async () => (await finance()).ProcessAreaPage) },
      { path: 'finance/outbox', ...screen(async () => (await finance()).OutboxPage) },
      { path: 'finance/audits', ...screen(async () => (await finance()).AuditLogPage) },
      { path: 'finance/jobs', ...screen(async () => (await finance()).JobsPage) },
    ],
  ),
  guarded(
    ['VIEW_MAPPINGS'],
    [
      { path: 'config', element: <Navigate to="/dashboard/config/maps" replace /> },
      { path: 'config/maps', ...screen(async () => (await configMaps()).MapsPage) },
      { path: 'config/maps/:mapId', ...screen(async () => (await configMaps()).MappingsPage) },
    ],
  ),
  guarded(
    ['APPROVE_MAPS'],
    [{ path: 'config/approvals', ...screen(async () => (await configMaps()).MapApprovalsPage) }],
  ),
  guarded(
    ['MANAGE_USERS'],
    [
      {
        path: 'admin',
        ...screen(async () => (await admin()).AdminLayout),
        children: [
          { index: true, element: <Navigate to="/dashboard/admin/users" replace /> },
          {
            path: 'users',
            ...screen(async () => (await admin()).UsersPage),
            children: [
              { index: true, ...screen(async () => (await admin()).SelectUserNote) },
              { path: 'create', ...screen(async () => (await admin()).CreateUser) },
              { path: ':userId', ...screen(async () => (await admin()).UserDetail) },
              { path: ':userId/edit', ...screen(async () => (await admin()).EditUser) },
            ],
          },
          {
            path: 'roles',
            ...screen(async () => (await admin()).RolesPage),
            children: [
              { index: true, ...screen(async () => (await admin()).SelectRoleNote) },
              { path: 'create', ...screen(async () => (await admin()).CreateRole) },
              { path: ':roleId', ...screen(async () => (await admin()).RoleDetail) },
              { path: ':roleId/edit', ...screen(async () => (await admin()).EditRole) },
            ],
          },
        ],
      },
    ],
  ),
];

function DefaultPathRedirect() {
  return <Navigate to={getDefaultPath()} replace />;
}

export const routes: RouteObject[] = [
  { path: '/', element: <DefaultPathRedirect /> },
  { path: '/login', ...screen(async () => (await auth()).LoginPage) },
  { path: '/forgot', ...screen(async () => (await password()).ResetPasswordPage) },
  { path: '/reset/:token', ...screen(async () => (await password()).ResetPasswordPage) },
  { path: '/enroll/:token', ...screen(async () => (await password()).EnrolmentPage) },
  {
    path: '/dashboard',
    element: <RequireAccess />,
    children: [{ element: <DashboardLayout />, children: dashboardRoutes }],
  },
  { path: '*', element: <NotFoundPage /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
