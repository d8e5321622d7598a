import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SSO_IDENTITY_MESSAGES, type UserIdentity } from '@web-control/contract/sso';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { jsonResponse, routeFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { IDENTITY_TEXTS } from '../identity-texts';
import { USER_DETAIL_ROUTES as routes, USER_JO as user, USER_PATH } from './user-detail-fixtures';

const IDENTITIES = '/api/auth/manage/users/u-1/identities';
const ISSUER = 'https://login.example/realms/bank';

const byEmail: UserIdentity = {
  identityId: 1,
  issuer: ISSUER,
  subject: 'jo-at-bank',
  linkedBy: 'email',
  linkedAt: '2026-11-20T09:00:00.000Z',
  lastSignInAt: '2026-11-21T10:30:00.000Z',
};
const byAdministrator: UserIdentity = {
  identityId: 2,
  issuer: 'https://partner.example',
  subject: 'contractor-17',
  linkedBy: 'administrator',
  linkedAt: '2026-11-22T08:00:00.000Z',
  lastSignInAt: null,
};

function setup(overrides: Record<string, (body: unknown, url: URL) => Response> = {}) {
  const fetch = routeFetch({
    'GET /api/auth/manage/users/u-1': () => jsonResponse(200, user),
    [`GET ${IDENTITIES}`]: () => jsonResponse(200, { identities: [byEmail, byAdministrator] }),
    ...overrides,
  });
  vi.stubGlobal('fetch', fetch.fetchMock);
  return fetch;
}

function identitiesTable() {
  return screen.findByRole('table', { name: IDENTITY_TEXTS.title });
}

describe('a user’s single sign-on identities', () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG, authProvider: 'identity-provider' });
    clearModalsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the linked identities with how each was linked', async () => {
    setup();
    renderRoutes(routes, { path: USER_PATH });
    const table = await identitiesTable();
    const emailRow = within(table).getByRole('row', { name: /jo-at-bank/ });
    expect(emailRow).toHaveTextContent(ISSUER);
    expect(emailRow).toHaveTextContent('Verified e-mail');
    const adminRow = within(table).getByRole('row', { name: /contractor-17/ });
    expect(adminRow).toHaveTextContent('https://partner.example');
    expect(adminRow).toHaveTextContent('Administrator');
    expect(adminRow).toHaveTextContent('Never');
  });

  it('says so when no identity is linked, and when the list cannot be fetched', async () => {
    setup({ [`GET ${IDENTITIES}`]: () => jsonResponse(200, { identities: [] }) });
    const { unmount } = renderRoutes(routes, { path: USER_PATH });
    expect(await screen.findByText(IDENTITY_TEXTS.empty)).toBeInTheDocument();
    unmount();
    setup({ [`GET ${IDENTITIES}`]: () => jsonResponse(500, {}) });
    renderRoutes(routes, { path: USER_PATH });
    expect(await screen.findByRole('alert')).toHaveTextContent(IDENTITY_TEXTS.loadFailed);
  });

  it('links an identity through the form checked by the contract schema, then reloads the list', async () => {
    let linked = false;
    const { calls } = setup({
      [`GET ${IDENTITIES}`]: () =>
        jsonResponse(200, { identities: linked ? [byEmail, byAdministrator] : [byEmail] }),
      [`PUT ${IDENTITIES}`]: () => {
        linked = true;
        return jsonResponse(200, byAdministrator);
      },
    });
    const clicks = userEvent.setup();
    renderRoutes(routes, { path: USER_PATH });
    await identitiesTable();
    await clicks.click(screen.getByRole('button', { name: IDENTITY_TEXTS.link }));
    const form = screen.getByRole('form', { name: IDENTITY_TEXTS.link });
    await clicks.type(within(form).getByLabelText(IDENTITY_TEXTS.issuer), 'ftp://partner.example');
    await clicks.click(within(form).getByRole('button', { name: IDENTITY_TEXTS.save }));
    expect(await within(form).findByText(SSO_IDENTITY_MESSAGES.issuerInvalid)).toBeInTheDocument();
    expect(within(form).getByText(SSO_IDENTITY_MESSAGES.subjectInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await clicks.clear(within(form).getByLabelText(IDENTITY_TEXTS.issuer));
    await clicks.type(within(form).getByLabelText(IDENTITY_TEXTS.issuer), 'https://partner.example');
    await clicks.type(within(form).getByLabelText(IDENTITY_TEXTS.subject), 'contractor-17');
    await clicks.click(within(form).getByRole('button', { name: IDENTITY_TEXTS.save }));

    expect(await screen.findByText(IDENTITY_TEXTS.linked)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      issuer: 'https://partner.example',
      subject: 'contractor-17',
    });
    expect(
      await within(await identitiesTable()).findByRole('row', { name: /contractor-17/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: IDENTITY_TEXTS.link })).not.toBeInTheDocument();
  });

  it('keeps the form open with the platform’s reason when the identity belongs to another user', async () => {
    const reason = SSO_IDENTITY_MESSAGES.linkedToAnother('sam');
    setup({ [`PUT ${IDENTITIES}`]: () => jsonResponse(409, { errorMessage: reason, code: 'CONFLICT' }) });
    const clicks = userEvent.setup();
    renderRoutes(routes, { path: USER_PATH });
    await identitiesTable();
    await clicks.click(screen.getByRole('button', { name: IDENTITY_TEXTS.link }));
    await clicks.type(screen.getByLabelText(IDENTITY_TEXTS.issuer), ISSUER);
    await clicks.type(screen.getByLabelText(IDENTITY_TEXTS.subject), 'sam');
    await clicks.click(screen.getByRole('button', { name: IDENTITY_TEXTS.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.getByRole('form', { name: IDENTITY_TEXTS.link })).toBeInTheDocument();
  });

  it('unlinks an identity after a confirmation', async () => {
    let unlinked = false;
    const { calls } = setup({
      [`GET ${IDENTITIES}`]: () =>
        jsonResponse(200, { identities: unlinked ? [byEmail] : [byEmail, byAdministrator] }),
      [`DELETE ${IDENTITIES}`]: () => {
        unlinked = true;
        return jsonResponse(204, null);
      },
    });
    const clicks = userEvent.setup();
    renderRoutes(routes, { path: USER_PATH });
    const table = await identitiesTable();

    await clicks.click(within(table).getByRole('button', { name: 'Unlink contractor-17' }));
    let dialog = await screen.findByRole('dialog', { name: IDENTITY_TEXTS.unlinkTitle });
    await clicks.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await clicks.click(within(table).getByRole('button', { name: 'Unlink contractor-17' }));
    dialog = await screen.findByRole('dialog', { name: IDENTITY_TEXTS.unlinkTitle });
    expect(dialog).toHaveTextContent(IDENTITY_TEXTS.unlinkText('contractor-17'));
    await clicks.click(within(dialog).getByRole('button', { name: IDENTITY_TEXTS.unlink }));

    expect(await screen.findByText(IDENTITY_TEXTS.unlinked)).toBeInTheDocument();
    const deletion = new URL(
      calls.find((call) => call.method === 'DELETE')?.path ?? '',
      'http://console.test',
    );
    expect(deletion.pathname).toBe(IDENTITIES);
    expect(Object.fromEntries(deletion.searchParams)).toEqual({
      issuer: 'https://partner.example',
      subject: 'contractor-17',
    });
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /contractor-17/ })).not.toBeInTheDocument(),
    );
  });

  it('is not shown while users sign in with passwords', async () => {
    setRuntimeConfig({ ...TEST_CONFIG });
    const { requests } = setup();
    renderRoutes(routes, { path: USER_PATH });
    expect(await screen.findByRole('heading', { name: 'jo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: IDENTITY_TEXTS.title })).not.toBeInTheDocument();
    expect(requests(IDENTITIES)).toEqual([]);
  });
});
