import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import type { AdminReview } from '@web-control/contract/reviews';
import { clearModalsForTests } from '../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import { TEST_CONFIG } from '../../test/tokens';
import { AdminLayout } from './admin-layout';
import { AdminReviewPage } from './review/admin-review-page';
import { CreateRole } from './roles/role-form';
import { RolesPage, SelectRoleNote } from './roles/roles-page';
import { CreateUser, EditUser } from './users/user-form';
import { UserDetail } from './users/user-detail';
import { SelectUserNote, UsersPage } from './users/users-page';

const routes: RouteObject[] = [
  {
    path: '/dashboard/admin',
    element: <AdminLayout />,
    children: [
      {
        path: 'users',
        element: <UsersPage />,
        children: [
          { index: true, element: <SelectUserNote /> },
          { path: 'create', element: <CreateUser /> },
          { path: ':userId', element: <UserDetail /> },
          { path: ':userId/edit', element: <EditUser /> },
        ],
      },
      {
        path: 'roles',
        element: <RolesPage />,
        children: [
          { index: true, element: <SelectRoleNote /> },
          { path: 'create', element: <CreateRole /> },
        ],
      },
    ],
  },
  { path: '/dashboard/admin/reviews/:requestId', element: <AdminReviewPage /> },
  { path: '/dashboard/reviews', element: <p>The inbox</p> },
];

const REQUEST_ID = 'b7f3c2d4-0000-4000-8000-000000000001';
const SENT = () => jsonResponse(202, { requestId: REQUEST_ID, status: 'PENDING' });
const permissions = [
  { id: 1, permission: 'VIEW_TRANSACTIONS' },
  { id: 2, permission: 'MANAGE_USERS' },
];
const roles = [
  { roleId: 7, role: 'Support', permissions: [{ id: 1, permission: 'VIEW_TRANSACTIONS' }], version: 3 },
];
const jo = {
  userId: 'u-1',
  username: 'jo',
  email: 'jo@bank.example',
  msisdn: null,
  roles: [{ roleId: 7, role: 'Support' }],
  version: 4,
};
const REVIEW: AdminReview = {
  id: REQUEST_ID,
  kind: 'USER_UPDATE',
  status: 'PENDING',
  summary: 'Change user jo',
  changes: [{ field: 'Email', from: 'jo@bank.example', to: 'jo@new.example' }],
  requestedBy: 'maker',
  requestedAt: '2026-03-02T08:00:00.000Z',
  comment: null,
  authors: ['maker', 'jo'],
};

function setup(overrides: Record<string, (body: unknown) => Response> = {}) {
  const fetch = routeFetch({
    'GET /api/auth/manage/users': () => jsonResponse(200, { users: [jo] }),
    'GET /api/auth/manage/users/u-1': () => jsonResponse(200, jo),
    'GET /api/auth/manage/roles': () => jsonResponse(200, { roles }),
    'GET /api/auth/manage/permissions': () => jsonResponse(200, { permissions }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

const sentCalls = (calls: Array<{ method: string; path: string }>) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);

describe('user administration with FOUR_EYES=admin', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['MANAGE_USERS'], 'checker');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says "Sent for review" for a new user and returns to the list, which has not changed', async () => {
    const { calls } = setup({ 'POST /api/auth/manage/users': SENT });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await user.type(await screen.findByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Email'), 'sam@bank.example');
    const roleSelect = screen.getByLabelText('Role');
    await waitFor(() => expect(within(roleSelect).getByRole('option', { name: 'Support' })).toBeEnabled());
    await user.selectOptions(roleSelect, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(await screen.findByText('Select a user')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users');
    expect(sentCalls(calls)).toEqual(['POST /api/auth/manage/users']);
    expect(screen.queryByRole('link', { name: 'sam' })).toBeNull();
  });

  it('says "Sent for review" for a changed user and shows them as they still are', async () => {
    const { calls } = setup({ 'PUT /api/auth/manage/users/u-1': SENT });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'jo@new.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Delete' }),
      'the user, no longer the form',
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
    expect(screen.getByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(screen.getByText('jo@bank.example')).toBeInTheDocument();
    expect(sentCalls(calls)).toEqual(['PUT /api/auth/manage/users/u-1']);
  });

  it('says "Sent for review" for a deletion and stays on the user, who still exists', async () => {
    const { calls } = setup({ 'DELETE /api/auth/manage/users/u-1': SENT });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
    expect(screen.getByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(sentCalls(calls)).toEqual(['DELETE /api/auth/manage/users/u-1']);
  });

  it('says "Sent for review" for a new role and returns to the roles', async () => {
    const { calls } = setup({ 'POST /api/auth/manage/roles': SENT });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/roles/create' });
    await user.type(await screen.findByLabelText('Role name'), 'Auditors');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sent for review')).toBeInTheDocument();
    expect(await screen.findByText('Select a role')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/roles');
    expect(sentCalls(calls)).toEqual(['POST /api/auth/manage/roles']);
  });

  it('shows what a request changes; approving it sends the comment once and returns to the inbox', async () => {
    const { calls, fetchMock } = setup({
      [`GET /api/auth/manage/reviews/${REQUEST_ID}`]: () => jsonResponse(200, REVIEW),
      [`POST /api/auth/manage/reviews/${REQUEST_ID}/approve`]: () =>
        jsonResponse(200, { ...REVIEW, status: 'APPROVED' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, {
      path: `/dashboard/admin/reviews/${REQUEST_ID}`,
      state: { from: '/dashboard/reviews' },
    });
    expect(await screen.findByRole('heading', { name: 'User Management review' })).toBeInTheDocument();
    expect(await screen.findByText('Change user jo')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Requested changes' });
    const row = within(table).getByRole('rowheader', { name: 'Email' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['jo@bank.example', 'jo@new.example']);
    expect(screen.getByText(/^Requested by maker on /)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    // The modal's content may draw a moment after its frame on a busy machine.
    await user.type(await within(dialog).findByRole('textbox', { name: 'Comment' }), 'Checked with jo');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Change approved and made.')).toBeInTheDocument();
    expect(await screen.findByText('The inbox')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/reviews');
    const approvals = calls.filter((call) => call.method === 'POST');
    expect(approvals).toEqual([
      {
        method: 'POST',
        path: `/api/auth/manage/reviews/${REQUEST_ID}/approve`,
        body: { comment: 'Checked with jo' },
      },
    ]);
    const [, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/.+/);
  });

  it('offers no decision on a request the user is an author of, or one already decided', async () => {
    signInWith(['MANAGE_USERS'], 'jo');
    setup({ [`GET /api/auth/manage/reviews/${REQUEST_ID}`]: () => jsonResponse(200, REVIEW) });
    const { unmount } = renderRoutes(routes, { path: `/dashboard/admin/reviews/${REQUEST_ID}` });
    expect(await screen.findByText(OWN_CHANGES_REVIEW_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    unmount();

    signInWith(['MANAGE_USERS'], 'checker');
    setup({
      [`GET /api/auth/manage/reviews/${REQUEST_ID}`]: () =>
        jsonResponse(200, { ...REVIEW, status: 'REJECTED' }),
    });
    renderRoutes(routes, { path: `/dashboard/admin/reviews/${REQUEST_ID}` });
    expect(await screen.findByText('This request is rejected.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
