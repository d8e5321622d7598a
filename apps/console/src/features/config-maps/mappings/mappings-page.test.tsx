import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_MAPPING_MESSAGE, KEY_EDGE_SPACE_MESSAGE } from '@web-control/contract/config-maps';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { configMap, mapping, mappingsPage } from '../config-maps-fixtures';
import { signInWith } from '../../../test/session';
import { MappingsPage } from './mappings-page';

const routes = [{ path: '/dashboard/config/maps/:mapId', element: <MappingsPage /> }];
const MAP_PATH = '/api/config/maps/bin-routing';
const MAPPINGS = `${MAP_PATH}/mappings`;

const ROWS = [
  mapping('400000', 'acquirer-a'),
  mapping('411111', 'acquirer-b', { state: 'updated', previousValue: 'acquirer-a' }),
  mapping('422222', null, { state: 'deleted', previousValue: 'acquirer-c' }),
  mapping('433333', 'acquirer-d', { state: 'added' }),
];

function setup(routesOverride: Routes = {}, mapOverrides = {}) {
  return stubFetch({
    [`GET ${MAP_PATH}`]: () => jsonResponse(200, configMap({ unsubmittedChanges: true, ...mapOverrides })),
    [`GET ${MAPPINGS}`]: () => jsonResponse(200, mappingsPage(ROWS)),
    ...routesOverride,
  });
}

function renderPage(mapId = 'bin-routing', search = '') {
  return renderRoutes(routes, { path: `/dashboard/config/maps/${mapId}${search}` });
}

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Mode' }), 'Editing');
}

// Many steps each on a machine the other test runs share: more than the default 5 s.
describe('mappings page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Lazy modals and menus render late when the machine is busy: wait up to 5 s, not 1 s.
    configure({ asyncUtilTimeout: 5_000 });
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_MAPPINGS', 'EDIT_MAPPINGS']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('views the applied mappings, offering no changes', async () => {
    const fetch = setup();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mappings' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: '400000' })).toBeInTheDocument();
    expect(fetch.requests(MAPPINGS)[0]?.search).toBe('?version=applied');
    expect(screen.getByRole('article', { name: 'bin-routing' })).toBeInTheDocument();
    expect(screen.getByText('View the applied mappings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'New key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit 400000' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'View' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Mappings | Web Control'));
  });

  it('styles rows by state, showing the previous value of deleted and updated rows', async () => {
    setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    const deleted = (await screen.findByRole('rowheader', { name: /422222/ })).closest('tr');
    expect(deleted).not.toBeNull();
    const deletedRow = within(deleted as HTMLElement);
    expect(deletedRow.getByText('Deleted')).toBeInTheDocument();
    expect(deletedRow.getByText('acquirer-c')).toBeInTheDocument();
    expect(deletedRow.queryByRole('button', { name: 'Edit 422222' })).toBeNull();
    expect(deletedRow.queryByRole('button', { name: 'Delete 422222' })).toBeNull();
    const updated = within(screen.getByRole('rowheader', { name: /411111/ }).closest('tr') as HTMLElement);
    expect(updated.getByText('Updated')).toBeInTheDocument();
    expect(updated.getByText('Previous value: acquirer-a')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit 433333' })).toBeInTheDocument();
  });

  it('asks for each view of the edit mode and the prefixes as typed, and Clear resets them', async () => {
    const fetch = setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await waitFor(() => expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe(''));
    const view = screen.getByRole('combobox', { name: 'View' });
    await user.selectOptions(view, 'All Changes');
    await waitFor(() => expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe('?updates-only=true'));
    await user.selectOptions(view, 'Unsubmitted Changes');
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe('?updates-only=true&version-from=submitted'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Key prefix' }), '41');
    await user.type(screen.getByRole('textbox', { name: 'Value prefix' }), 'acq');
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe(
        '?updates-only=true&version-from=submitted&key-prefix=41&value-prefix=acq',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Key prefix' })).toHaveValue('');
    expect(view).toHaveValue('all');
    await waitFor(() => expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe(''));
  });

  it('opens a link with its mode, view and prefixes, and offers to copy the link', async () => {
    const fetch = setup();
    renderPage('bin-routing', '?mode=edit&view=changes&keyPrefix=41&valuePrefix=zz%3F');
    expect(await screen.findByRole('combobox', { name: 'View' })).toHaveValue('changes');
    expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('edit');
    expect(screen.getByRole('textbox', { name: 'Key prefix' })).toHaveValue('41');
    expect(screen.getByRole('textbox', { name: 'Value prefix' })).toHaveValue('zz?');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe(
        '?updates-only=true&key-prefix=41&value-prefix=zz%3F',
      ),
    );
  });

  it('says a prefix longer than any key at its field and asks nothing until it is corrected', async () => {
    const fetch = setup();
    renderPage('bin-routing', `?keyPrefix=${'4'.repeat(201)}`);
    const prefix = await screen.findByRole('textbox', { name: 'Key prefix' });
    expect(prefix).toHaveAccessibleDescription('Must not exceed 200 characters');
    expect(await screen.findByRole('status')).toHaveTextContent('Correct the prefix to see mappings.');
    expect(fetch.requests(MAPPINGS)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download' }), 'nor downloaded').toBeDisabled();
    const user = userEvent.setup({ delay: null });
    await user.clear(prefix);
    await user.type(prefix, '4');
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe('?version=applied&key-prefix=4'),
    );
    expect(prefix).not.toHaveAccessibleDescription('Must not exceed 200 characters');
  });

  it('refuses a card number typed as a prefix at its field, and shows no mappings as though filtered', async () => {
    setup();
    renderPage('bin-routing');
    expect(await screen.findByRole('rowheader', { name: '400000' })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const prefix = screen.getByRole('textbox', { name: 'Key prefix' });
    await user.type(prefix, '4111 1111 1111 1111');
    expect(prefix).toHaveAccessibleDescription(
      'A card number is never searched: give its first digits, such as its BIN.',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Correct the prefix to see mappings.');
    expect(screen.queryByRole('rowheader', { name: '400000' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download' }), 'nor downloaded').toBeDisabled();
  });

  it('refuses a link’s card number, masked by the address, as one typed: nothing is asked', async () => {
    const fetch = setup();
    renderPage('bin-routing', '?keyPrefix=411111******1111');
    expect(await screen.findByRole('textbox', { name: 'Key prefix' })).toHaveAccessibleDescription(
      'A card number is never searched: give its first digits, such as its BIN.',
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Correct the prefix to see mappings.');
    expect(fetch.requests(MAPPINGS), 'the mask is not searched').toEqual([]);
  });

  it('shows the applied mappings to a viewer whose link asks for Editing, and a bad view as all', async () => {
    signInWith(['VIEW_MAPPINGS']);
    const fetch = setup();
    renderPage('bin-routing', '?mode=edit&view=nope&keyPrefix=4');
    expect(await screen.findByRole('rowheader', { name: '400000' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Mode' })).toBeNull();
    expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe('?version=applied&key-prefix=4');
  });

  it('adds a mapping on Enter, refusing empty fields with the exact text', async () => {
    const fetch = setup({ [`POST ${MAPPINGS}`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    const key = await screen.findByRole('textbox', { name: 'New key' });
    await user.type(key, '455555{Enter}');
    expect(await screen.findByText('Neither key nor value can be empty strings.')).toBeInTheDocument();
    expect(fetch.bodiesOf('POST', MAPPINGS)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'New value' }), 'acquirer-e{Enter}');
    expect(await screen.findByText("Mapping with key '455555' created successfully.")).toBeInTheDocument();
    expect(fetch.bodiesOf('POST', MAPPINGS)).toEqual([{ key: '455555', value: 'acquirer-e' }]);
    expect(fetch.headersOf('POST', MAPPINGS)[0]?.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(key).toHaveValue(''));
    await waitFor(() => expect(key, 'the next mapping is typed at once').toHaveFocus());
  });

  it('asks before the Mode select or Back takes a half-typed mapping away, and keeps it on Cancel', async () => {
    setup();
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, { path: '/dashboard/config/maps/bin-routing' });
    await startEditing(user);
    const key = await screen.findByRole('textbox', { name: 'New key' });
    await user.type(key, '455555');

    const mode = screen.getByRole('combobox', { name: 'Mode' });
    await user.selectOptions(mode, 'Viewing');
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'New key' })).toHaveValue('455555');
    expect(mode).toHaveValue('edit');
    expect(router.state.location.search).toBe('?mode=edit');

    await router.navigate(-1);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'New key' })).toHaveValue('455555');

    await user.selectOptions(mode, 'Viewing');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('textbox', { name: 'New key' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a key or value that is blank after trimming, and a key with a space at its edge, with the exact text at the field', async () => {
    const fetch = setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    // The Add row.
    const key = await screen.findByRole('textbox', { name: 'New key' });
    await user.type(key, '   ');
    await user.type(screen.getByRole('textbox', { name: 'New value' }), 'acquirer-e{Enter}');
    await waitFor(() => expect(key).toHaveAccessibleDescription(EMPTY_MAPPING_MESSAGE));
    // A key that would show as another one.
    await user.clear(key);
    await user.type(key, ' 455555{Enter}');
    await waitFor(() => expect(key).toHaveAccessibleDescription(KEY_EDGE_SPACE_MESSAGE));
    await user.clear(key);
    await user.type(key, '455555');
    await user.clear(screen.getByRole('textbox', { name: 'New value' }));
    await user.type(screen.getByRole('textbox', { name: 'New value' }), ' \t {Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'New value' })).toHaveAccessibleDescription(
        EMPTY_MAPPING_MESSAGE,
      ),
    );
    // Inline editing keeps the field open with the reason.
    await user.click(screen.getByRole('button', { name: /, edit the value of 400000 inline$/ }));
    const inline = screen.getByRole('textbox', { name: 'Value of 400000' });
    await user.clear(inline);
    await user.keyboard('   {Enter}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Value of 400000' })).toHaveAccessibleDescription(
        EMPTY_MAPPING_MESSAGE,
      ),
    );
    await user.keyboard('{Escape}');
    // The edit modal.
    await user.click(screen.getByRole('button', { name: 'Edit 433333' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mapping' });
    const value = await within(dialog).findByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(value).toHaveAccessibleDescription(EMPTY_MAPPING_MESSAGE));
    expect(
      fetch.fetchMock.mock.calls.filter(([, init]) => ['POST', 'PATCH'].includes(init?.method ?? '')),
    ).toHaveLength(0);
  });

  it('says when the mapping was not created, keeping what was typed', async () => {
    setup({
      [`POST ${MAPPINGS}`]: () =>
        jsonResponse(409, { errorMessage: "A mapping with key '400000' already exists.", code: 'CONFLICT' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.type(await screen.findByRole('textbox', { name: 'New key' }), '400000');
    await user.type(screen.getByRole('textbox', { name: 'New value' }), 'x{Enter}');
    expect(await screen.findByText("A mapping with key '400000' already exists.")).toBeInTheDocument();
    expect(screen.queryByText(/Contact support/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'New key' })).toHaveValue('400000');
  });

  it('says a key taken at the key, once, keeping what was typed', async () => {
    const taken = "A mapping with key '400000' already exists.";
    setup({
      [`POST ${MAPPINGS}`]: () =>
        jsonResponse(409, {
          errorMessage: taken,
          code: 'CONFLICT',
          details: [{ location: 'body', field: 'key', message: taken }],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    const key = await screen.findByRole('textbox', { name: 'New key' });
    await user.type(key, '400000');
    await user.type(screen.getByRole('textbox', { name: 'New value' }), 'x{Enter}');
    await waitFor(() => expect(key).toHaveAccessibleDescription(taken));
    expect(screen.getAllByText(taken), 'no toast besides').toHaveLength(1);
    expect(key).toHaveValue('400000');
  });

  it('edits a value inline with a JSON patch that tests the old value, only when it changed', async () => {
    const fetch = setup({ [`PATCH ${MAPPINGS}/400000`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: /, edit the value of 400000 inline$/ }));
    const field = screen.getByRole('textbox', { name: 'Value of 400000' });
    expect(field).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(fetch.bodiesOf('PATCH', `${MAPPINGS}/400000`)).toHaveLength(0);
    const valueButton = screen.getByRole('button', { name: /, edit the value of 400000 inline$/ });
    expect(valueButton, 'Enter leaves the keyboard on the value').toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(
      screen.getByRole('button', { name: /, edit the value of 400000 inline$/ }),
      'and so does Escape',
    ).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /, edit the value of 400000 inline$/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Value of 400000' }));
    await user.keyboard('acquirer-z{Enter}');
    expect(await screen.findByText("Mapping with key '400000' updated successfully.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /, edit the value of 400000 inline$/ })).toHaveFocus();
    expect(fetch.bodiesOf('PATCH', `${MAPPINGS}/400000`)).toEqual([
      [
        { op: 'test', path: '/value', value: 'acquirer-a' },
        { op: 'replace', path: '/value', value: 'acquirer-z' },
      ],
    ]);
    expect(fetch.headersOf('PATCH', `${MAPPINGS}/400000`)[0]?.get('Content-Type')).toBe(
      'application/json-patch+json',
    );
  });

  it('cancels inline editing when the field loses focus', async () => {
    const fetch = setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: /, edit the value of 400000 inline$/ }));
    await user.keyboard('-changed');
    await user.click(screen.getByRole('textbox', { name: 'Key prefix' }));
    expect(screen.queryByRole('textbox', { name: 'Value of 400000' })).toBeNull();
    expect(fetch.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(0);
  });

  it('keeps the typed value when someone else changed the mapping first (409), and saves against theirs', async () => {
    let attempt = 0;
    const fetch = setup({
      [`PATCH ${MAPPINGS}/400000`]: () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(409, {
              errorMessage:
                "Someone else changed the mapping '400000' while you were editing; nothing was changed.",
              code: 'CONFLICT',
              details: {
                current: mapping('400000', 'acquirer-q', { state: 'updated', previousValue: 'acquirer-a' }),
              },
            })
          : new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: /, edit the value of 400000 inline$/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Value of 400000' }));
    await user.keyboard('acquirer-z{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mapping' });
    expect(
      await within(dialog).findByText(
        "The mapping with key '400000' was changed by someone else. Your value is kept: check the current value and save again.",
      ),
    ).toBeInTheDocument();
    // Said once, in the modal: no toast and no second sentence beneath its buttons.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(
      screen.queryByText(
        "Someone else changed the mapping '400000' while you were editing; nothing was changed.",
      ),
    ).toBeNull();
    expect(
      within(dialog).getByText("Its value is now 'acquirer-q'. Saving replaces it with yours."),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Value' })).toHaveValue('acquirer-z');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Mapping with key '400000' updated successfully.")).toBeInTheDocument();
    expect(fetch.bodiesOf('PATCH', `${MAPPINGS}/400000`)[1]).toEqual([
      { op: 'test', path: '/value', value: 'acquirer-q' },
      { op: 'replace', path: '/value', value: 'acquirer-z' },
    ]);
  });

  it('edits in the modal, requiring a value, and deletes after confirmation', async () => {
    let deletedElsewhere = false;
    const fetch = setup({
      [`GET ${MAPPINGS}`]: () =>
        jsonResponse(200, mappingsPage(ROWS.filter((row) => !deletedElsewhere || row.key !== '433333'))),
      [`PATCH ${MAPPINGS}/433333`]: () => new Response(null, { status: 204 }),
      // Someone else deleted it first.
      [`DELETE ${MAPPINGS}/433333`]: () => {
        deletedElsewhere = true;
        return jsonResponse(404, {
          errorMessage: "No mapping with key '433333' in this map.",
          code: 'NOT_FOUND',
        });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: 'Edit 433333' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mapping' });
    const value = await within(dialog).findByRole('textbox', { name: 'Value' });
    await user.clear(value);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Neither key nor value can be empty strings.'),
    ).toBeInTheDocument();
    await user.type(value, 'acquirer-y');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Mapping with key '433333' updated successfully.")).toBeInTheDocument();
    expect(fetch.bodiesOf('PATCH', `${MAPPINGS}/433333`)).toHaveLength(1);

    expect(screen.getByRole('rowheader', { name: /^433333/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete 433333' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are You Sure?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText("Mapping with key '433333' could not be deleted. Please try again."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /^433333/ }), 'the list is read again').toBeNull(),
    );
  });

  it('uploads a file as multipart after confirmation, and says when it was refused', async () => {
    let refuse = false;
    const fetch = setup({
      [`PUT ${MAPPINGS}`]: () =>
        refuse
          ? jsonResponse(400, { errorMessage: "Line 3: the key '4111' appears twice.", code: 'BAD_REQUEST' })
          : jsonResponse(200, { mappingCount: 2, added: 1, updated: 0, deleted: 3 }),
    });
    const user = userEvent.setup({ delay: null });
    const view = renderPage();
    await startEditing(user);
    await screen.findByRole('button', { name: 'Upload' });
    const input = view.container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['key,value\n4111,a\n'], 'bins.csv', { type: 'text/csv' });
    await user.upload(input, file);
    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure?' });
    expect(
      within(dialog).getByText(
        "Upload 'bins.csv'? It replaces every mapping of bin-routing with the file's, as changes for review.",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText("File 'bins.csv' uploaded successfully.")).toBeInTheDocument();
    const [call] = fetch.fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('mappingsFile')).toBeInstanceOf(File);

    refuse = true;
    await user.upload(input, new File(['key,value\n4111,a\n4111,b\n'], 'twice.csv', { type: 'text/csv' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are You Sure?' })).getByRole('button', {
        name: 'Upload',
      }),
    );
    expect(
      await screen.findByText('The file was not successfully uploaded and mappings were not affected.'),
    ).toBeInTheDocument();
    expect(screen.getByText("Line 3: the key '4111' appears twice.")).toBeInTheDocument();
  });

  it('submits for review with the required comment', async () => {
    const fetch = setup({ [`POST ${MAP_PATH}/versions`]: () => new Response(null, { status: 201 }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for Review' });
    await user.click(await within(dialog).findByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (Required)' }), 'New BIN ranges');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Mapping changes successfully submitted for review.')).toBeInTheDocument();
    expect(fetch.bodiesOf('POST', `${MAP_PATH}/versions`)).toEqual([{ comment: 'New BIN ranges' }]);
  });

  it('says when the submission failed, and offers no Submit without unsubmitted changes', async () => {
    setup({ [`POST ${MAP_PATH}/versions`]: () => jsonResponse(500, { errorMessage: 'boom', code: 'X' }) });
    const user = userEvent.setup({ delay: null });
    const first = renderPage();
    await startEditing(user);
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for Review' });
    await user.type(await within(dialog).findByRole('textbox', { name: 'Comment (Required)' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something went horribly wrong.')).toBeInTheDocument();
    first.unmount();
    clearModalsForTests();
    setup({}, { unsubmittedChanges: false });
    renderPage();
    await startEditing(user);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('pages through the returned page URLs', async () => {
    const fetch = setup({
      [`GET ${MAPPINGS}`]: (_body, url) =>
        url.searchParams.get('after-key') === '400000'
          ? jsonResponse(
              200,
              mappingsPage([mapping('500000', 'acquirer-p')], {
                previousPage: `${MAPPINGS}?version=applied&before-key=500000`,
              }),
            )
          : jsonResponse(
              200,
              mappingsPage([mapping('400000', 'acquirer-a')], {
                nextPage: `${MAPPINGS}?version=applied&after-key=400000`,
              }),
            ),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('rowheader', { name: '400000' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await waitFor(() => expect(fetch.requests(MAPPINGS)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: '500000' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Refresh redraws the screen with the map as it is now: the page reached stays.
    const asked = fetch.requests(MAPPINGS).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetch.requests(MAPPINGS).length).toBeGreaterThan(asked));
    expect(fetch.requests(MAPPINGS).at(-1)?.search).toBe('?version=applied&after-key=400000');
    expect(screen.getByRole('rowheader', { name: '500000' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('rowheader', { name: '400000' })).toBeInTheDocument();
    expect(fetch.requests(MAPPINGS).map((url) => url.search)).toContain('?version=applied&before-key=500000');
  });

  it('opens the page a link names after or before a key, and a filter goes back to the first page', async () => {
    const fetch = setup({
      [`GET ${MAPPINGS}`]: (_body, url) =>
        jsonResponse(
          200,
          mappingsPage([mapping(url.searchParams.get('after-key') === '400000' ? '500000' : '400000', 'x')]),
        ),
    });
    const user = userEvent.setup({ delay: null });
    renderPage('bin-routing', '?after=400000');
    expect(await screen.findByRole('rowheader', { name: '500000' })).toBeInTheDocument();
    expect(fetch.requests(MAPPINGS)[0]?.search).toBe('?version=applied&after-key=400000');

    await user.type(screen.getByRole('textbox', { name: 'Key prefix' }), '4');
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).at(-1)?.search, 'new filters start at the first page').toBe(
        '?version=applied&key-prefix=4',
      ),
    );
  });

  it('takes a cursor too long to be a key as none', async () => {
    const fetch = setup();
    renderPage('bin-routing', `?before=${'9'.repeat(201)}`);
    await screen.findByRole('rowheader', { name: '400000' });
    expect(fetch.requests(MAPPINGS)[0]?.search).toBe('?version=applied');
  });

  it('downloads the selection as CSV by default, or in the format chosen beside it', async () => {
    const fetch = setup({
      [`GET ${MAPPINGS}`]: (_body, url) =>
        url.searchParams.has('download-format')
          ? new Response('[]', {
              status: 200,
              headers: { 'content-disposition': 'attachment; filename="bin-routing.json"' },
            })
          : jsonResponse(200, mappingsPage(ROWS)),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('rowheader', { name: '400000' });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).map((url) => url.search)).toContain(
        '?version=applied&download-format=csv',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Download as' }));
    await user.click(await screen.findByRole('menuitem', { name: 'JSON', hidden: true }));
    await waitFor(() =>
      expect(fetch.requests(MAPPINGS).map((url) => url.search)).toContain(
        '?version=applied&download-format=json',
      ),
    );
  });

  it('says when the download failed', async () => {
    setup({
      [`GET ${MAPPINGS}`]: (_body, url) =>
        url.searchParams.has('download-format')
          ? jsonResponse(500, { errorMessage: 'boom', code: 'X' })
          : jsonResponse(200, mappingsPage(ROWS)),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('rowheader', { name: '400000' });
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('Something went wrong while downloading the file. Please try again.'),
    ).toBeInTheDocument();
  });

  it('says when the map is missing and when a version holds no mappings', async () => {
    stubFetch({
      'GET /api/config/maps/nope': () =>
        jsonResponse(404, { errorMessage: 'Can not find the map for nope', code: 'NOT_FOUND' }),
    });
    const first = renderPage('nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Can not find the map for nope');
    first.unmount();
    setup({ [`GET ${MAPPINGS}`]: () => jsonResponse(200, mappingsPage([])) });
    renderPage();
    expect(
      await screen.findByText('This map does not contain any mappings at this version.'),
    ).toBeInTheDocument();
  });
});
