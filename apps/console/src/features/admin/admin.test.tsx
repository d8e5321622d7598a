import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { resetAccountForTests } from '../../shared/session/session-state';
import { signInWith } from '../../test/session';
import type { RouteObject } from 'react-router';
import { clearModalsForTests } from '../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { navigateTo } from '../../test/router';
import { TEST_CONFIG } from '../../test/tokens';
import { AdminLayout } from './admin-layout';
import { LIST_LOAD_FAILED } from './components/master-detail';
import { CreateRole, EditRole } from './roles/role-form';
import { RoleDetail } from './roles/role-detail';
import { RolesPage, SelectRoleNote } from './roles/roles-page';
import { CreateUser, EditUser } from './users/user-form';
import { UserDetail } from './users/user-detail';
import { SelectUserNote, UsersPage } from './users/users-page';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const routes: RouteObject[] = [
  {
    path: '/dashboard/admin',
    element: <AdminLayout />,
    children: [
      {
        path: 'users',
        element: <UsersPage />,
        children: [
          // Lazy, as in the router: navigating here takes a moment, as it does in the browser.
          { index: true, lazy: () => delay(50).then(() => ({ Component: SelectUserNote })) },
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
          { path: ':roleId', element: <RoleDetail /> },
          { path: ':roleId/edit', element: <EditRole /> },
        ],
      },
    ],
  },
];

const permissions = [
  { id: 1, permission: 'VIEW_TRANSACTIONS' },
  { id: 2, permission: 'MANAGE_USERS' },
];
const roles = [
  { roleId: 7, role: 'Support', permissions: [{ id: 1, permission: 'VIEW_TRANSACTIONS' }], version: 3 },
  { roleId: 8, role: 'Administrator', permissions, version: 1 },
];
const listedUser = { userId: 'u-1', username: 'jo', email: 'jo@bank.example', msisdn: null, version: 1 };
const detailedUser = { ...listedUser, roles: [{ roleId: 7, role: 'Support' }] };

const baseRoutes = {
  'GET /api/auth/manage/users': () => jsonResponse(200, { users: [listedUser] }),
  'GET /api/auth/manage/users/u-1': () => jsonResponse(200, detailedUser),
  'GET /api/auth/manage/roles': () => jsonResponse(200, { roles }),
  'GET /api/auth/manage/permissions': () => jsonResponse(200, { permissions }),
};

/** A new user the contract's rules accept: username, e-mail and the Support role. */
async function fillNewUser(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Username'), 'jo');
  await user.type(screen.getByLabelText('Email'), 'jo@bank.example');
  const roleSelect = screen.getByLabelText('Role');
  await waitFor(() =>
    expect(within(roleSelect).getByRole('option', { name: 'Support' })).toBeInTheDocument(),
  );
  await user.selectOptions(roleSelect, '7');
}

/** The If-Match header of each PUT sent, in order. */
function ifMatchOfPuts(fetchMock: ReturnType<typeof setup>['fetchMock']): Array<string | null> {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => new Headers(init?.headers).get('if-match'));
}

/** The conflict alert's row for a field: its value now and when the form loaded. */
function conflictRow(alert: HTMLElement, field: string): string[] {
  const row = within(alert).getByRole('rowheader', { name: field }).closest('tr') as HTMLElement;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

function setup(overrides: Record<string, (body: unknown) => Response> = {}) {
  const fetch = routeFetch({ ...baseRoutes, ...overrides });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

describe('user administration', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists users, asks to select one, and fetches the detail lazily when the list lacks roles', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users' });
    expect(await screen.findByRole('status')).toHaveTextContent('Select a user');
    await user.click(await screen.findByRole('link', { name: 'jo' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(screen.getByText('Support')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/auth/manage/users/u-1');
  });

  it('says at the Find box that a card number is never searched, and keeps it out of the address', async () => {
    setup();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users' });
    const list = await screen.findByRole('navigation', { name: 'Users' });
    await within(list).findByRole('link', { name: 'jo' });
    const find = screen.getByRole('textbox', { name: 'Find user' });
    await user.type(find, 'jo');
    // The screen, not the router: its links carry the Find box once it is written.
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: 'jo' })).toHaveAttribute(
        'href',
        '/dashboard/admin/users/u-1?q=jo',
      ),
    );
    await user.clear(find);
    await user.type(find, '4111111111111111');
    expect(find).toHaveAccessibleDescription('A card number is never searched: give a name.');
    // Written over 'jo', it leaves the address without a q rather than with the number.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(find).toHaveValue('4111111111111111');
    expect(screen.getByRole('button', { name: 'Export CSV' }), 'nor exported for').toBeDisabled();
  });

  it('says when the Find box keeps no user, rather than show an empty list', async () => {
    setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users' });
    await screen.findByRole('link', { name: 'jo' });
    await user.type(screen.getByRole('textbox', { name: 'Find user' }), ' nomatch ');
    expect(await screen.findByText('No users match "nomatch".')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'jo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('finds users by a part of their name, whatever its case, and keeps the Find box in the link', async () => {
    const ann = { ...listedUser, userId: 'u-2', username: 'Ann.Lee' };
    setup({ 'GET /api/auth/manage/users': () => jsonResponse(200, { users: [listedUser, ann] }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users' });
    const list = await screen.findByRole('navigation', { name: 'Users' });
    await within(list).findByRole('link', { name: 'jo' });
    await user.type(screen.getByRole('textbox', { name: 'Find user' }), 'LEE');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ann.Lee']);
    // The screen, not the router: the router has the new address before React draws the links with it.
    await waitFor(() =>
      expect(within(list).getByRole('link', { name: 'Ann.Lee' })).toHaveAttribute(
        'href',
        '/dashboard/admin/users/u-2?q=LEE',
      ),
    );
    await user.click(within(list).getByRole('link', { name: 'Ann.Lee' }));
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-2');
    expect(router.state.location.search, 'opening a user keeps the view').toBe('?q=LEE');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('shows the status of a failed detail fetch in a toast', async () => {
    setup({ 'GET /api/auth/manage/users/u-1': () => jsonResponse(500, {}) });
    renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    expect(await screen.findByText('Something went wrong (code 500)')).toBeInTheDocument();
  });

  it('says a user someone else deleted no longer exists, and the list reloads without it', async () => {
    let users = [listedUser];
    const { calls } = setup({
      'GET /api/auth/manage/users': () => jsonResponse(200, { users }),
      'GET /api/auth/manage/users/u-1': () => {
        users = [];
        return jsonResponse(404, { errorMessage: 'This user does not exist', code: 'NOT_FOUND' });
      },
    });
    renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong (code 404)'), 'the catalogue’s toast').toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.path === '/api/auth/manage/users'),
      ).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: listedUser.username })).toBeNull());
  });

  it('says a user id that is no user id (a hand-made address) names no user, as an unknown one', async () => {
    setup({
      'GET /api/auth/manage/users/abc': () =>
        jsonResponse(400, {
          errorMessage: 'Invalid request: userId: A user id is a UUID',
          code: 'VALIDATION_FAILED',
          details: [{ location: 'params', field: 'userId', message: 'A user id is a UUID' }],
        }),
    });
    renderRoutes(routes, { path: '/dashboard/admin/users/abc' });
    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong (code 400)'), 'the catalogue’s toast').toBeInTheDocument();
  });

  it('creates a user with the chosen role, reloads the list and opens the new user', async () => {
    const { calls } = setup({ 'POST /api/auth/manage/users': () => jsonResponse(201, { userId: 'u-1' }) });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    const roleSelect = await screen.findByLabelText('Role');
    expect(roleSelect).toHaveValue('');
    expect(within(roleSelect).getByRole('option', { name: 'Select a role' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'jo');
    await user.type(screen.getByLabelText('Email'), 'jo@bank.example');
    await waitFor(() =>
      expect(within(roleSelect).getByRole('option', { name: 'Support' })).toBeInTheDocument(),
    );
    await user.selectOptions(roleSelect, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'jo',
      email: 'jo@bank.example',
      msisdn: '',
      roles: [{ roleId: 7 }],
    });
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/auth/manage/users'),
    ).toHaveLength(2);
  });

  it('shows the message of a refused creation, at the field it names', async () => {
    const taken = 'A user named "jo" already exists';
    setup({
      'POST /api/auth/manage/users': () =>
        jsonResponse(409, {
          errorMessage: taken,
          code: 'CONFLICT',
          details: [{ location: 'body', field: 'username', message: taken }],
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() => expect(username).toHaveAccessibleDescription(taken));
    expect(username).toHaveFocus();
    expect(screen.queryByRole('alert'), 'said once, at the field').toBeNull();
  });

  it('a refusal that names no field of the form is said above its buttons', async () => {
    setup({
      'POST /api/auth/manage/users': () =>
        jsonResponse(409, { errorMessage: 'Try again in a minute', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in a minute');
  });

  it('does not offer an administrator their own role to change, and says why', async () => {
    signInWith(['MANAGE_USERS'], 'Jo');
    onTestFinished(resetAccountForTests);
    setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toBeDisabled();
    expect(role).toHaveAccessibleDescription('You cannot change your own role; ask another administrator');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });

  it('does not offer an administrator their own account to delete, and says why', async () => {
    signInWith(['MANAGE_USERS'], 'Jo');
    onTestFinished(resetAccountForTests);
    setup({
      'GET /api/auth/manage/users/u-2': () =>
        jsonResponse(200, { ...detailedUser, userId: 'u-2', username: 'kim' }),
    });
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    const own = await screen.findByRole('button', { name: 'Delete' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription('You cannot delete your own account; ask another administrator');
    await navigateTo(router, '/dashboard/admin/users/u-2');
    expect(await screen.findByRole('heading', { name: 'kim' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows a generic rejection when a refused creation has no body', async () => {
    setup({ 'POST /api/auth/manage/users': () => new Response(null, { status: 502 }) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await fillNewUser(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The user could not be created. Please try again or contact support.',
    );
  });

  it("checks a new user with the contract's rules and sends nothing while one is broken", async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await user.type(await screen.findByLabelText('Mobile number'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a username')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(
      screen.getByText('A mobile number holds 6 to 15 digits, optionally after a +'),
    ).toBeInTheDocument();
    expect(screen.getByText('Choose one role')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');

    // A card number is kept nowhere: not as a name, an address or a "mobile number" of 16 digits.
    await user.type(screen.getByLabelText('Username'), 'walk-4111111111111111');
    await user.type(screen.getByLabelText('Email'), '4111111111111111@example.com');
    await user.clear(screen.getByLabelText('Mobile number'));
    await user.type(screen.getByLabelText('Mobile number'), '4111111111111111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A username must not hold a card number')).toBeInTheDocument();
    expect(screen.getByText('An e-mail address must not hold a card number')).toBeInTheDocument();
    expect(
      screen.getByText('A mobile number holds 6 to 15 digits, optionally after a +'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('a refused update shows the platform’s text and keeps the form', async () => {
    setup({
      'PUT /api/auth/manage/users/u-1': () =>
        jsonResponse(409, { errorMessage: 'That e-mail address is taken', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'jo@other.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That e-mail address is taken');
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1/edit');
  });

  it('the edit page of a user id that is no one’s says the user does not exist, as the detail does', async () => {
    const gone = { errorMessage: 'This user does not exist', code: 'NOT_FOUND' };
    setup({ 'GET /api/auth/manage/users/u-9': () => jsonResponse(404, gone) });
    renderRoutes(routes, { path: '/dashboard/admin/users/u-9/edit' });
    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong (code 404)')).toBeNull();
  });

  it('a user someone else deleted while the form was open: Save says they are gone, and the list drops them', async () => {
    let users = [listedUser];
    const gone = { errorMessage: 'This user does not exist', code: 'NOT_FOUND' };
    setup({
      'GET /api/auth/manage/users': () => jsonResponse(200, { users }),
      'GET /api/auth/manage/users/u-1': () =>
        users.length ? jsonResponse(200, detailedUser) : jsonResponse(404, gone),
      'PUT /api/auth/manage/users/u-1': () => {
        users = [];
        return jsonResponse(404, gone);
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    expect(await screen.findByRole('link', { name: 'jo' })).toBeInTheDocument();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'jo@other.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This user does not exist (any more).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' }), 'no form to save').toBeNull();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'jo' })).toBeNull());
  });

  it('cancel returns to the list when creating and to the detail when editing', async () => {
    setup();
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Select a user')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create user' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users');

    await navigateTo(router, '/dashboard/admin/users/u-1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit jo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
  });

  it('Create, Edit, Cancel, Save and Delete keep what the Find box searched', async () => {
    setup({
      'PUT /api/auth/manage/users/u-1': () => jsonResponse(204, null),
      'DELETE /api/auth/manage/users/u-1': () => jsonResponse(204, null),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1?q=jo' });
    const find = screen.getByRole('textbox', { name: 'Find user' });
    expect(screen.getByRole('link', { name: 'create user' })).toHaveAttribute(
      'href',
      '/dashboard/admin/users/create?q=jo',
    );
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    expect(await screen.findByRole('heading', { name: 'Edit jo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jo');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jo');

    await user.click(screen.getByRole('link', { name: 'Edit' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jo');

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Select a user')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/dashboard/admin/users', search: '?q=jo' });
    expect(find).toHaveValue('jo');
  });

  it('deletes only after confirmation and says so when the delete fails', async () => {
    const { calls } = setup({ 'DELETE /api/auth/manage/users/u-1': () => jsonResponse(500, {}) });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    expect(screen.getByText('This action is irreversible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Failed to delete user')).toBeInTheDocument();
    expect(screen.getByText('Please try again or contact support')).toBeInTheDocument();
  });

  it('after a delete the list reloads and the app goes to the list, without asking for the deleted user', async () => {
    let deleted = false;
    const { calls } = setup({
      'DELETE /api/auth/manage/users/u-1': () => {
        deleted = true;
        return jsonResponse(204, null);
      },
      'GET /api/auth/manage/users/u-1': () =>
        deleted
          ? jsonResponse(404, { errorMessage: 'No such user', code: 'NOT_FOUND' })
          : jsonResponse(200, detailedUser),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Select a user')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users');
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.path === '/api/auth/manage/users'),
      ).toHaveLength(2),
    );
    expect(
      calls.filter((call) => call.method === 'GET' && call.path === '/api/auth/manage/users/u-1'),
    ).toHaveLength(1);
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });
  it('sends the version it loaded; refused for a newer one, shows what changed and keeps the typed values until asked to load the current version', async () => {
    const current = {
      ...detailedUser,
      email: 'jo@new.example',
      roles: [{ roleId: 8, role: 'Administrator' }],
      version: 2,
    };
    let saves = 0;
    const { fetchMock } = setup({
      'PUT /api/auth/manage/users/u-1': () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(409, {
              errorMessage: 'Someone else changed this user while you were editing.',
              code: 'CONFLICT',
              details: { current },
            })
          : jsonResponse(204, null);
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'mine@bank.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this user while you were editing.');
    expect(alert).toHaveTextContent(
      'Your changes are still in the form: save again to replace theirs, or load the current version.',
    );
    expect(
      within(alert)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Field', 'Now', 'When you loaded it']);
    expect(conflictRow(alert, 'Email')).toEqual(['jo@new.example', 'jo@bank.example']);
    expect(conflictRow(alert, 'Role')).toEqual(['Administrator', 'Support']);
    expect(within(alert).queryByRole('rowheader', { name: 'Mobile number' })).toBeNull();
    expect(email).toHaveValue('mine@bank.example');
    expect(screen.getByLabelText('Role')).toHaveValue('7');
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1/edit');

    await user.click(within(alert).getByRole('button', { name: 'Load the current version' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(email).toHaveValue('jo@new.example');
    expect(screen.getByLabelText('Role')).toHaveValue('8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
    expect(ifMatchOfPuts(fetchMock)).toEqual(['"1"', '"2"']);
  });

  it('after a refused save, saving again replaces the other changes with the typed values', async () => {
    const current = { ...detailedUser, msisdn: '+27820000001', version: 2 };
    let saves = 0;
    const { calls, fetchMock } = setup({
      'PUT /api/auth/manage/users/u-1': () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(409, { errorMessage: 'changed', code: 'CONFLICT', details: { current } })
          : jsonResponse(204, null);
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/users/u-1/edit' });
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'mine@bank.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(conflictRow(await screen.findByRole('alert'), 'Mobile number')).toEqual(['+27820000001', '-']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/users/u-1');
    expect(ifMatchOfPuts(fetchMock)).toEqual(['"1"', '"2"']);
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { username: 'jo', email: 'mine@bank.example', msisdn: '', roles: [{ roleId: 7 }] },
      { username: 'jo', email: 'mine@bank.example', msisdn: '', roles: [{ roleId: 7 }] },
    ]);
  });
});

describe('role administration', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows Role Management with its create role action and the select note', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/admin/roles' });
    expect(await screen.findByRole('heading', { name: 'Role Management' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create role' })).toHaveAttribute(
      'href',
      '/dashboard/admin/roles/create',
    );
    expect(screen.getByRole('status')).toHaveTextContent('Select a role');
  });

  it('flips permissions on click and saves the role, then opens it', async () => {
    const { calls } = setup({
      'PUT /api/auth/manage/roles/7': () => jsonResponse(204, null),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/roles/7/edit' });
    const manageUsers = await screen.findByRole('button', { name: 'MANAGE_USERS' });
    expect(manageUsers).toHaveAttribute('aria-pressed', 'false');
    await user.click(manageUsers);
    expect(manageUsers).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'VIEW_TRANSACTIONS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/roles/7');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      role: 'Support',
      permissions: [{ id: 2 }],
    });
  });

  it("checks a new role's name with the contract's rule and sends nothing without one", async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/roles/create' });
    await user.click(await screen.findByRole('button', { name: 'VIEW_TRANSACTIONS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a role name')).toBeInTheDocument();
    // A role name is listed, exported and offered in every user form: never a card number.
    await user.type(screen.getByLabelText('Role name'), 'Ops 4111 1111 1111 1111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A role name must not hold a card number')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('does not offer an administrator the role they hold to edit, and says why', async () => {
    signInWith(['MANAGE_USERS'], 'Jo');
    onTestFinished(resetAccountForTests);
    setup({
      'GET /api/auth/manage/users': () =>
        jsonResponse(200, { users: [{ ...listedUser, roles: [{ roleId: 8, role: 'Administrator' }] }] }),
    });
    const { unmount } = renderRoutes(routes, { path: '/dashboard/admin/roles/8' });
    const edit = await screen.findByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit).toBeDisabled());
    expect(edit).toHaveAccessibleDescription('You cannot change a role you hold; ask another administrator');
    unmount();

    renderRoutes(routes, { path: '/dashboard/admin/roles/7' });
    expect(await screen.findByRole('link', { name: 'Edit' }), 'another role').toHaveAttribute(
      'href',
      '/dashboard/admin/roles/7/edit',
    );
  });

  it('says so when a role cannot be deleted', async () => {
    setup({
      'DELETE /api/auth/manage/roles/7': () =>
        jsonResponse(409, { errorMessage: 'in use', code: 'CONFLICT' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/roles/7' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Failed to delete role')).toBeInTheDocument();
  });
  it('sends the version it loaded; refused for a newer one, shows what changed and loads the current version on request', async () => {
    const current = {
      roleId: 7,
      role: 'Support desk',
      permissions: [
        { id: 1, permission: 'VIEW_TRANSACTIONS' },
        { id: 2, permission: 'MANAGE_USERS' },
      ],
      version: 4,
    };
    let saves = 0;
    const { fetchMock } = setup({
      'PUT /api/auth/manage/roles/7': () => {
        saves += 1;
        return saves === 1
          ? jsonResponse(409, {
              errorMessage: 'Someone else changed this role while you were editing.',
              code: 'CONFLICT',
              details: { current },
            })
          : jsonResponse(204, null);
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/roles/7/edit' });
    const name = await screen.findByLabelText('Role name');
    await user.clear(name);
    await user.type(name, 'Helpdesk');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this role while you were editing.');
    expect(conflictRow(alert, 'Role name')).toEqual(['Support desk', 'Support']);
    expect(conflictRow(alert, 'Permissions')).toEqual([
      'MANAGE_USERS, VIEW_TRANSACTIONS',
      'VIEW_TRANSACTIONS',
    ]);
    expect(name).toHaveValue('Helpdesk');
    expect(screen.getByRole('button', { name: 'MANAGE_USERS' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(alert).getByRole('button', { name: 'Load the current version' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name).toHaveValue('Support desk');
    expect(screen.getByRole('button', { name: 'MANAGE_USERS' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Support' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/roles/7');
    expect(ifMatchOfPuts(fetchMock)).toEqual(['"3"', '"4"']);
  });
});

describe('choices that did not load', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says at the user form that the roles did not load, and Try again loads them', async () => {
    let rolesUp = false;
    setup({
      'GET /api/auth/manage/roles': () =>
        rolesUp ? jsonResponse(200, { roles }) : jsonResponse(503, { errorMessage: 'down' }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, { path: '/dashboard/admin/users/create' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not retrieve the roles (503). Contact support if this persists.');
    rolesUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const roleSelect = screen.getByLabelText('Role');
    expect(await within(roleSelect).findByRole('option', { name: 'Support' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a role form being typed in when a refresh of its choices fails', async () => {
    let up = true;
    const down = (body: object) => () =>
      up ? jsonResponse(200, body) : jsonResponse(503, { errorMessage: 'down' });
    setup({
      'GET /api/auth/manage/roles': down({ roles }),
      'GET /api/auth/manage/permissions': down({ permissions }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, { path: '/dashboard/admin/roles/7/edit' });
    const name = await screen.findByLabelText('Role name');
    await user.clear(name);
    await user.type(name, 'Helpdesk');
    up = false;
    await act(() => queryClient.refetchQueries());
    // The list says its refresh failed, and keeps what it listed; the form keeps what was typed.
    expect(await screen.findByText(LIST_LOAD_FAILED)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Roles' })).getByRole('link', { name: 'Support' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Role name')).toHaveValue('Helpdesk');
    expect(screen.queryByText(/Could not retrieve/)).toBeNull();
  });

  it('shows no role form, and no role, without the permissions', async () => {
    setup({ 'GET /api/auth/manage/permissions': () => jsonResponse(503, { errorMessage: 'down' }) });
    const { router } = renderRoutes(routes, { path: '/dashboard/admin/roles/create' });
    const failed = 'Could not retrieve the permissions (503). Contact support if this persists.';
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);
    expect(screen.queryByLabelText('Role name')).toBeNull();
    await navigateTo(router, '/dashboard/admin/roles/7');
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);
    expect(screen.queryByText('This role does not exist (any more).')).toBeNull();
  });
});
