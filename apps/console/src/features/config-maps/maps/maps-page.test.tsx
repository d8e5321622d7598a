import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, settle, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { client, configMap, VERSION_1, VERSION_2 } from '../config-maps-fixtures';
import { signInWith } from '../../../test/session';
import { MapsPage } from './maps-page';

const routes = [{ path: '/dashboard/config/maps', element: <MapsPage /> }];

function renderPage() {
  return renderRoutes(routes, { path: '/dashboard/config/maps' });
}

const SUBMITTED_MAP = configMap({
  id: 'bin-routing',
  name: 'bin-routing',
  latestSubmittedVersion: {
    versionId: VERSION_2,
    timeSubmitted: new Date(2026, 1, 4, 9, 30, 0).toISOString(),
    userId: 'operator',
    comment: 'New BINs',
  },
  clientVersions: [
    client({ clientId: 'switch-node-1' }),
    client({ clientId: 'switch-node-2', versionMismatch: true, clientLogMessage: 'Waiting' }),
  ],
});
const LONELY_MAP = configMap({ id: 'currency-codes', name: 'currency-codes', clientVersions: [] });

describe('map list', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Lazy modals and menus render late when the machine is busy: wait up to 5 s, not 1 s.
    configure({ asyncUtilTimeout: 5_000 });
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_MAPPINGS']);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('shows each map with its sentence, its client summary and a link to its mappings', async () => {
    stubFetch({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [SUBMITTED_MAP, LONELY_MAP] }) });
    renderPage();
    const card = await screen.findByRole('article', { name: 'bin-routing' });
    expect(within(card).getByRole('link', { name: 'bin-routing' })).toHaveAttribute(
      'href',
      '/dashboard/config/maps/bin-routing',
    );
    expect(
      within(card).getByText("Changes submitted for approval on Wed 4th Feb '26 09:30:00"),
    ).toBeInTheDocument();
    expect(within(card).getByText('Client has pending changes')).toBeInTheDocument();
    const lonely = screen.getByRole('article', { name: 'currency-codes' });
    expect(within(lonely).getByText("Changes applied on Tue 3rd Feb '26 14:05:09")).toBeInTheDocument();
    expect(within(lonely).getByText('No clients subscribed')).toBeInTheDocument();
    expect(within(lonely).getByRole('button', { name: 'Clients of currency-codes' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('Maps | Web Control'));
  });

  it('expands one card at a time, listing each client with its status, log time and message', async () => {
    const other = configMap({
      id: 'mcc',
      name: 'mcc',
      clientVersions: [
        client({
          clientId: 'switch-node-3',
          acknowledgedVersionRejected: true,
          clientLogMessage: 'Bad value',
        }),
      ],
    });
    stubFetch({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [SUBMITTED_MAP, other] }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const first = await screen.findByRole('article', { name: 'bin-routing' });
    const second = screen.getByRole('article', { name: 'mcc' });
    expect(within(second).getByText('Client failed to apply changes')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Clients of bin-routing' }));
    // The clients' table loads with its first showing (decision 0059).
    const clients = await within(first).findByRole('table', { name: 'bin-routing clients' });
    const waiting = within(clients).getByRole('row', { name: /switch-node-2/ });
    expect(within(waiting).getByText('Pending changes to be applied')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    const upToDate = within(clients).getByRole('row', { name: /switch-node-1/ });
    expect(within(upToDate).getByText('Up to date')).toBeInTheDocument();
    expect(within(upToDate).getByText("Tue 3rd Feb '26 14:05:09")).toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Clients of mcc' }));
    expect(within(second).getByText('Changes rejected')).toBeInTheDocument();
    expect(within(first).queryByRole('table')).toBeNull();
    expect(within(first).getByRole('button', { name: 'Clients of bin-routing' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('offers Create Map and Push Changes only with their permissions', async () => {
    stubFetch({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [LONELY_MAP] }) });
    const first = renderPage();
    await screen.findByRole('article', { name: 'currency-codes' });
    expect(screen.queryByRole('button', { name: 'Create Map' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Push Changes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    first.unmount();
    signInWith(['VIEW_MAPPINGS', 'EDIT_MAPPINGS', 'PUSH_MAPS']);
    renderPage();
    await screen.findByRole('article', { name: 'currency-codes' });
    expect(screen.getByRole('button', { name: 'Create Map' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Push Changes' })).toBeInTheDocument();
  });

  it('pushes after confirmation, with an Idempotency-Key, and reloads the maps', async () => {
    signInWith(['VIEW_MAPPINGS', 'PUSH_MAPS']);
    const fetch = stubFetch({
      'GET /api/config/maps': () => jsonResponse(200, { maps: [SUBMITTED_MAP] }),
      'POST /api/config/maps/push': () =>
        jsonResponse(200, { maps: [{ id: 'bin-routing', versionId: VERSION_1 }] }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'bin-routing' });
    await user.click(screen.getByRole('button', { name: 'Push Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Push Changes' }));
    expect(await screen.findByText('Changes pushed to the clients successfully.')).toBeInTheDocument();
    expect(fetch.headersOf('POST', '/api/config/maps/push')[0]?.get('Idempotency-Key')).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    await waitFor(() => expect(fetch.requests('/api/config/maps')).toHaveLength(2));
  });

  it('says when the push fails, with its status', async () => {
    signInWith(['VIEW_MAPPINGS', 'PUSH_MAPS']);
    stubFetch({
      'GET /api/config/maps': () => jsonResponse(200, { maps: [SUBMITTED_MAP] }),
      'POST /api/config/maps/push': () => jsonResponse(503, { errorMessage: 'down', code: 'X' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'bin-routing' });
    await user.click(screen.getByRole('button', { name: 'Push Changes' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Push Changes' }));
    expect(
      await screen.findByText(
        'Something went wrong and the changes were not pushed (503). Contact support if this persists.',
      ),
    ).toBeInTheDocument();
  });

  it('creates a map with an id and a name; Create stays disabled while either is invalid', async () => {
    signInWith(['VIEW_MAPPINGS', 'EDIT_MAPPINGS']);
    const fetch = stubFetch({
      'GET /api/config/maps': () => jsonResponse(200, { maps: [LONELY_MAP] }),
      'POST /api/config/maps': () =>
        jsonResponse(201, { id: 'receiver-timeouts', name: 'Receiver timeouts' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'currency-codes' });
    await user.click(screen.getByRole('button', { name: 'Create Map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Map' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const id = await within(dialog).findByRole('textbox', { name: 'Id' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(create).toBeDisabled();
    await user.type(id, 'Bad Id');
    expect(
      await within(dialog).findByText(
        'A map id starts with a lowercase letter or digit and holds only lowercase letters, digits, dots, hyphens and underscores.',
      ),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'x'.repeat(33));
    expect(await within(dialog).findByText('Must not exceed 32 characters')).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'receiver-timeouts');
    await user.type(name, 'n'.repeat(129));
    expect(await within(dialog).findByText('Must not exceed 128 characters')).toBeInTheDocument();
    expect(create).toBeDisabled();
    await user.clear(name);
    expect(await within(dialog).findByText('This is a required field')).toBeInTheDocument();
    await user.type(name, 'Receiver timeouts');
    await waitFor(() => expect(create).toBeEnabled());
    expect(fetch.bodiesOf('POST', '/api/config/maps')).toHaveLength(0);
    await user.click(create);
    expect(await screen.findByText("Map 'Receiver timeouts' created successfully.")).toBeInTheDocument();
    expect(fetch.bodiesOf('POST', '/api/config/maps')).toEqual([
      { id: 'receiver-timeouts', name: 'Receiver timeouts' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the create modal open with the reason when the platform refuses the name', async () => {
    signInWith(['VIEW_MAPPINGS', 'EDIT_MAPPINGS']);
    stubFetch({
      'GET /api/config/maps': () => jsonResponse(200, { maps: [LONELY_MAP] }),
      'POST /api/config/maps': () =>
        jsonResponse(409, {
          errorMessage: "A map with id 'currency-codes' already exists.",
          code: 'CONFLICT',
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'currency-codes' });
    await user.click(screen.getByRole('button', { name: 'Create Map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Map' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Id' }), 'currency-codes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Currency codes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "A map with id 'currency-codes' already exists.",
    );
    expect(screen.queryByText(/Contact support/)).not.toBeInTheDocument();
  });

  it('says an id taken at the Id, once, and creates the map with another', async () => {
    signInWith(['VIEW_MAPPINGS', 'EDIT_MAPPINGS']);
    const taken = "A map with id 'currency-codes' already exists.";
    const fetch = stubFetch({
      'GET /api/config/maps': () => jsonResponse(200, { maps: [LONELY_MAP] }),
      'POST /api/config/maps': (body) =>
        (body as { id: string }).id === 'currency-codes'
          ? jsonResponse(409, {
              errorMessage: taken,
              code: 'CONFLICT',
              details: [{ location: 'body', field: 'id', message: taken }],
            })
          : jsonResponse(201, { id: 'currency-codes-2', name: 'Currency codes' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'currency-codes' });
    await user.click(screen.getByRole('button', { name: 'Create Map' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Map' });
    const id = await within(dialog).findByRole('textbox', { name: 'Id' });
    await user.type(id, 'currency-codes');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Currency codes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(id).toHaveAccessibleDescription(expect.stringContaining(taken) as string));
    expect(within(dialog).queryByRole('alert'), 'not said again under the buttons').toBeNull();
    expect(screen.getAllByText(taken), 'no toast either').toHaveLength(1);

    await user.type(id, '-2');
    expect(id).not.toHaveAccessibleDescription(expect.stringContaining(taken) as string);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.bodiesOf('POST', '/api/config/maps')).toEqual([
      { id: 'currency-codes', name: 'Currency codes' },
      { id: 'currency-codes-2', name: 'Currency codes' },
    ]);
  });

  it('looks once more 500 ms after opening with no maps, then says none match', async () => {
    vi.useFakeTimers();
    const fetch = stubFetch({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [] }) });
    renderPage();
    await settle();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('No maps match your query');
    expect(fetch.requests('/api/config/maps')).toHaveLength(1);
    await settle(499);
    expect(fetch.requests('/api/config/maps')).toHaveLength(1);
    await settle(1);
    expect(fetch.requests('/api/config/maps')).toHaveLength(2);
    await settle(5_000);
    expect(fetch.requests('/api/config/maps')).toHaveLength(2);
  });

  it('says at once, in a toast and in their place, that the maps could not be retrieved, with the status', async () => {
    const fetch = stubFetch({
      'GET /api/config/maps': () => jsonResponse(503, { errorMessage: 'down', code: 'X' }),
    });
    renderPage();
    expect(
      await screen.findByText('Could not retrieve maps (503). Contact support if this persists.'),
    ).toBeInTheDocument();
    expect(fetch.requests('/api/config/maps'), 'no silent retries first').toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    const inPlace = screen
      .getAllByRole('alert')
      .filter((alert) => alert.closest('.mantine-Notification-root') === null);
    expect(
      inPlace.map((alert) => alert.textContent),
      'and in the maps’ place, which stays when the toast has gone',
    ).toEqual(['Could not retrieve maps (503). Contact support if this persists.']);
  });
});
