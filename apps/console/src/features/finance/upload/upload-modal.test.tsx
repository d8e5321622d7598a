import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../shared/http/http-error';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { uploadFailureOf } from '../api/upload-file';
import { uploadModal } from './upload-modal-definition';
import { processSummary } from '../finance-fixtures';
import { signInWith } from '../../../test/session';
import { ProcessesPage } from '../processes/processes-page';

const routes = [{ path: '/dashboard/finance/processes', element: <ProcessesPage /> }];
const PROCESSES = [processSummary(), processSummary({ id: 2, displayName: 'Wallet Recon' })];

const baseRoutes: Routes = {
  'GET /api/recon/processes': () =>
    jsonResponse(200, {
      processes: PROCESSES,
      paginationInfo: { nextPage: null, range: '1-2', totalRecords: 2 },
    }),
  'GET /api/recon/files/processes': () => jsonResponse(200, { processes: [{ id: 1 }] }),
  'POST /api/recon/files': () =>
    jsonResponse(201, {
      files: [{ id: 5, fileName: 'bank.csv', actionId: '6f1d2c1e-0000-4000-8000-000000000000' }],
    }),
};

async function openAndChoose(fileName = 'bank-20260203.csv') {
  const user = userEvent.setup();
  renderRoutes(routes, { path: '/dashboard/finance/processes' });
  await user.click(await screen.findByRole('button', { name: 'Upload' }));
  const dialog = await screen.findByRole('dialog', { name: 'Upload File' });
  await within(dialog).findByRole('button', { name: 'Choose File' });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('No file input');
  await user.upload(input, new File(['id,amount\n1,10\n'], fileName, { type: 'text/csv' }));
  return { user, dialog };
}

describe('upload modal', () => {
  // Its content's chunk, loaded once before the tests rather than inside the first one's wait.
  beforeAll(async () => {
    await uploadModal.Content.preload?.();
  });
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_PROCESSES', 'SUBMIT_ACTIONS']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('looks the name up, preselects the only match, needs a comment and uploads with the headers (text percent-encoded) and an Idempotency-Key', async () => {
    const fetch = stubFetch(baseRoutes);
    const { user, dialog } = await openAndChoose();
    expect(await within(dialog).findByRole('checkbox', { name: 'Card Recon' })).toBeChecked();
    expect(fetch.requests('/api/recon/files/processes')[0]?.search).toBe('?filename=bank-20260203.csv');
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    // Curly quotes and ticks, as pasted from a mail, are not Latin-1: a header could not hold them.
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'John’s daily file ✓');
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    expect(await screen.findByText("File 'bank-20260203.csv' uploaded successfully")).toBeInTheDocument();
    const post = fetch.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const headers = new Headers(post?.[1]?.headers);
    expect(headers.get('finance-file-name')).toBe('bank-20260203.csv');
    expect(headers.get('finance-action-comment')).toBe('John%E2%80%99s%20daily%20file%20%E2%9C%93');
    expect(headers.get('finance-process-id')).toBe('1');
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post?.[1]?.body).toBeInstanceOf(File);
  });

  it("keeps a refused upload's modal open with the typed comment and the platform's reason", async () => {
    const tooLarge = 'The request body is larger than the platform accepts.';
    stubFetch({
      ...baseRoutes,
      'POST /api/recon/files': () => jsonResponse(413, { errorMessage: tooLarge, code: 'PAYLOAD_TOO_LARGE' }),
    });
    const { user, dialog } = await openAndChoose();
    await within(dialog).findByRole('checkbox', { name: 'Card Recon' });
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Daily file');
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tooLarge);
    expect(screen.getByRole('dialog', { name: 'Upload File' })).toBe(dialog);
    expect(within(dialog).getByPlaceholderText('Comment (required)')).toHaveValue('Daily file');
  });

  it('preselects nothing when several processes match, and needs one chosen', async () => {
    const fetch = stubFetch({
      ...baseRoutes,
      'GET /api/recon/files/processes': () => jsonResponse(200, { processes: [{ id: 1 }, { id: 2 }] }),
    });
    const { user, dialog } = await openAndChoose();
    expect(await within(dialog).findByRole('checkbox', { name: 'Wallet Recon' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Card Recon' })).not.toBeChecked();
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Both');
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    expect(await within(dialog).findByText('Please select at least one process.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Card Recon' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Wallet Recon' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    await waitFor(() => expect(fetch.calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = fetch.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(new Headers(post?.[1]?.headers).get('finance-process-id')).toBe('1,2');
  });

  it('says when no process matches the name', async () => {
    stubFetch({
      ...baseRoutes,
      'GET /api/recon/files/processes': () => jsonResponse(200, { processes: [] }),
    });
    const { dialog } = await openAndChoose('unknown.csv');
    expect(
      await within(dialog).findByText(
        "The uploaded file didn't match any configured processes. Please make sure the file is named correctly.",
      ),
    ).toBeInTheDocument();
  });

  it('says the lookup failed', async () => {
    stubFetch({ ...baseRoutes, 'GET /api/recon/files/processes': () => jsonResponse(500, {}) });
    const { dialog } = await openAndChoose();
    expect(
      await within(dialog).findByText('Failed to retrieve file processes, please try again'),
    ).toBeInTheDocument();
  });

  it('toasts the failure text of the platform’s answer', async () => {
    stubFetch({
      ...baseRoutes,
      'POST /api/recon/files': () =>
        jsonResponse(409, {
          errorMessage: 'This file has already been uploaded to this process.',
          code: 'CONFLICT',
        }),
    });
    const { user, dialog } = await openAndChoose();
    await within(dialog).findByRole('checkbox', { name: 'Card Recon' });
    await user.type(within(dialog).getByPlaceholderText('Comment (required)'), 'Again');
    await user.click(within(dialog).getByRole('button', { name: 'Upload File' }));
    expect(
      await screen.findByText(
        'Failed to upload file. This file has already been uploaded to this process.  (code 409)',
        { normalizer: (text) => text },
      ),
    ).toBeInTheDocument();
  });

  it('chooses among the three failure texts by the rule of spec/0', () => {
    expect(uploadFailureOf(new HttpError(400, { errorMessage: 'Bad header', code: 'BAD_REQUEST' }))).toBe(
      'Failed to upload file. Bad header  (code 400)',
    );
    expect(uploadFailureOf(new HttpError(409, undefined))).toBe(
      "Failed to upload file, please ensure it isn't already loaded (code 409)",
    );
    expect(uploadFailureOf(new HttpError(502, 'Bad gateway'))).toBe(
      'Failed to upload file, please contact support if this persists.',
    );
    expect(uploadFailureOf(new TypeError('offline'))).toBe(
      'Failed to upload file, please contact support if this persists.',
    );
  });
});
