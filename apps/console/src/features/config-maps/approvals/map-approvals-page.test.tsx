import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearModalsForTests } from '../../../shared/modals/modal-store';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, stubFetch, type Routes } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { TEST_CONFIG } from '../../../test/tokens';
import { configMap, mapping, mappingsPage, mapVersion, VERSION_2 } from '../config-maps-fixtures';
import { signInWith } from '../../../test/session';
import { MapApprovalsPage } from './map-approvals-page';

const routes = [
  { path: '/dashboard/config/approvals', element: <MapApprovalsPage /> },
  { path: '/dashboard/reviews', element: <h1>Reviews inbox</h1> },
];
const MAP = '/api/config/maps/merchant-category-codes';
const OWN_CHANGES_SENTENCE =
  'This request includes changes you made, so another user must approve or reject it.';
const LONG_VALUE = `Digital goods: ${'media '.repeat(40)}end`;

const PENDING = configMap({
  id: 'merchant-category-codes',
  name: 'merchant-category-codes',
  pendingReview: true,
  latestSubmittedVersion: {
    versionId: VERSION_2,
    timeSubmitted: new Date(2026, 1, 4, 9, 30, 0).toISOString(),
    userId: 'operator',
    comment: 'Add digital goods',
  },
});

function setup(overrides: Routes = {}) {
  return stubFetch({
    'GET /api/config/maps': () => jsonResponse(200, { maps: [PENDING] }),
    [`GET ${MAP}/versions`]: () =>
      jsonResponse(200, {
        versions: [
          mapVersion({ comment: 'Add digital goods' }),
          mapVersion({
            versionId: '5b6c7d8e-0000-4000-8000-000000000003',
            userId: 'operator-2',
            comment: 'Rename fast food',
            timeSubmitted: new Date(2026, 1, 3, 8, 0, 0).toISOString(),
          }),
        ],
      }),
    [`GET ${MAP}/mappings`]: () =>
      jsonResponse(
        200,
        mappingsPage([
          mapping('5814', 'Fast food and takeaways', {
            state: 'updated',
            previousValue: 'Fast food restaurants',
          }),
          mapping('5815', LONG_VALUE, { state: 'added' }),
          mapping('9311', null, { state: 'deleted', previousValue: 'Tax payments' }),
        ]),
      ),
    ...overrides,
  });
}

function renderPage() {
  return renderRoutes(routes, { path: '/dashboard/config/approvals' });
}

async function openReview(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: 'merchant-category-codes' });
  await user.click(within(card).getByRole('button', { name: 'Review' }));
  return card;
}

describe('map approvals', { timeout: 30_000 }, () => {
  beforeEach(() => {
    // Lazy modals and menus render late when the machine is busy: wait up to 5 s, not 1 s.
    configure({ asyncUtilTimeout: 5_000 });
    setRuntimeConfig({ ...TEST_CONFIG });
    clearModalsForTests();
    signInWith(['VIEW_MAPPINGS', 'APPROVE_MAPS'], 'approver');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('lists the maps pending review with the latest submission date', async () => {
    const fetch = setup();
    renderPage();
    const card = await screen.findByRole('article', { name: 'merchant-category-codes' });
    expect(
      within(card).getByText("Latest changes submitted on Wed 4th Feb '26 09:30:00"),
    ).toBeInTheDocument();
    expect(fetch.requests('/api/config/maps')[0]?.search).toBe('?only-pending-review=true');
    await waitFor(() => expect(document.title).toBe('Map Approvals | Web Control'));
  });

  it('shows the submitted versions and the changes, each full value in a modal titled with its key', async () => {
    const fetch = setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    expect(await within(card).findByRole('heading', { name: 'Submitted Versions' })).toBeInTheDocument();
    expect(
      await within(card).findByText("operator · Wed 4th Feb '26 09:30:00 · Add digital goods · 9f8e7d"),
    ).toBeInTheDocument();
    expect(
      within(card).getByText("operator-2 · Tue 3rd Feb '26 08:00:00 · Rename fast food · 5b6c7d"),
    ).toBeInTheDocument();
    expect(fetch.requests(`${MAP}/versions`)[0]?.search).toBe('?state=submitted');
    expect(fetch.requests(`${MAP}/mappings`)[0]?.search).toBe(
      '?version=submitted&version-from=applied&updates-only=true',
    );
    expect(await within(card).findByText('Previous value: Fast food restaurants')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Deleted: Tax payments/ })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /, show the full value of 5815$/ }));
    const modal = await screen.findByRole('dialog', { name: '5815' });
    expect(await within(modal).findByText(LONG_VALUE)).toBeInTheDocument();
  });

  it('approves the newest submitted version with the required comment', async () => {
    const fetch = setup({
      [`POST ${MAP}/versions/${VERSION_2}/reviews`]: () => new Response(null, { status: 201 }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    await user.click(await within(card).findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve merchant-category-codes' });
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Please add a comment')).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Comment (Required)' }),
      'Checked the bulletin',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Changes approved successfully.')).toBeInTheDocument();
    expect(fetch.bodiesOf('POST', `${MAP}/versions/${VERSION_2}/reviews`)).toEqual([
      { approved: true, comment: 'Checked the bulletin' },
    ]);
    expect(
      fetch.headersOf('POST', `${MAP}/versions/${VERSION_2}/reviews`)[0]?.get('Idempotency-Key'),
    ).toBeTruthy();
    await waitFor(() => expect(fetch.requests('/api/config/maps')).toHaveLength(2));
  });

  it('opens the map a link from the reviews inbox names, and returns to the inbox after the decision', async () => {
    setup({ [`POST ${MAP}/versions/${VERSION_2}/reviews`]: () => new Response(null, { status: 201 }) });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, {
      path: '/dashboard/config/approvals?map=merchant-category-codes',
      state: { from: '/dashboard/reviews?area=config-maps' },
    });
    const card = await screen.findByRole('article', { name: 'merchant-category-codes' });
    expect(within(card).getByRole('button', { name: 'Review' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/has no changes waiting for review/)).toBeNull();
    await user.click(await within(card).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject merchant-category-codes' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (Required)' }), 'Not this week');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('heading', { name: 'Reviews inbox' })).toBeInTheDocument();
  });

  it('says a map a link names that has nothing waiting for review', async () => {
    setup();
    renderRoutes(routes, { path: '/dashboard/config/approvals?map=retired-map' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Map retired-map has no changes waiting for review: it was decided already, or nothing was submitted.',
    );
    expect(screen.getByRole('article', { name: 'merchant-category-codes' })).toBeInTheDocument();
  });

  it('judges a linked map by the list asked since the page opened, not one kept from an earlier visit', async () => {
    let submitted = false;
    setup({ 'GET /api/config/maps': () => jsonResponse(200, { maps: submitted ? [PENDING] : [] }) });
    const { router } = renderRoutes(routes, { path: '/dashboard/config/approvals' });
    expect(await screen.findByText('No maps match your query')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard/reviews'));
    // Submitted meanwhile: the inbox links to its review.
    submitted = true;
    await act(() => router.navigate('/dashboard/config/approvals?map=merchant-category-codes'));
    const card = await screen.findByRole('article', { name: 'merchant-category-codes' });
    expect(within(card).getByRole('button', { name: 'Review' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText(/has no changes waiting for review/)).toBeNull();
  });

  it('says when the review failed, with its status', async () => {
    setup({
      [`POST ${MAP}/versions/${VERSION_2}/reviews`]: () =>
        jsonResponse(409, { errorMessage: 'This review has already been decided.', code: 'CONFLICT' }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    await user.click(await within(card).findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject merchant-category-codes' });
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Comment (Required)' }),
      'Wrong codes',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This review has already been decided.',
    );
    expect(screen.queryByText(/Something went wrong while submitting the review/)).not.toBeInTheDocument();
  });

  it('offers no review of a bundle holding one of your own submissions', async () => {
    signInWith(['VIEW_MAPPINGS', 'APPROVE_MAPS'], 'operator-2');
    setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    expect(await within(card).findByText(OWN_CHANGES_SENTENCE)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('offers no review of changes you made that someone else submitted', async () => {
    signInWith(['VIEW_MAPPINGS', 'APPROVE_MAPS'], 'admin');
    setup({
      [`GET ${MAP}/versions`]: () =>
        jsonResponse(200, { versions: [mapVersion({ authors: ['admin', 'operator'] })] }),
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    expect(await within(card).findByText(OWN_CHANGES_SENTENCE)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('warns that approving an empty review submits an empty map', async () => {
    setup({ [`GET ${MAP}/mappings`]: () => jsonResponse(200, mappingsPage([])) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    const warning =
      'No mapping changes are included in this review. Approving will result in an empty map being submitted to the Switch.';
    expect(await within(card).findByText(warning)).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve merchant-category-codes' });
    expect(await within(dialog).findByText(warning)).toBeInTheDocument();
  });

  it('warns that rejecting also discards changes made since the submission, and only then', async () => {
    const withLaterChanges = { ...PENDING, unsubmittedChanges: true };
    setup({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [withLaterChanges] }) });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    const warning =
      'This map also has changes made since this review was submitted and not yet submitted: rejecting discards them too.';
    await user.click(await within(card).findByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject merchant-category-codes' });
    expect(await within(reject).findByText(warning)).toBeInTheDocument();
    await user.click(within(reject).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve merchant-category-codes' });
    expect(within(approve).queryByText(warning), 'approving keeps them').toBeNull();
  });

  it('says nothing of later changes when a rejection discards only the review', async () => {
    setup();
    const user = userEvent.setup({ delay: null });
    renderPage();
    const card = await openReview(user);
    await user.click(await within(card).findByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject merchant-category-codes' });
    expect(await within(reject).findByRole('textbox')).toBeInTheDocument();
    expect(within(reject).queryByText(/rejecting discards them too/)).toBeNull();
  });

  it('says when no map waits for review', async () => {
    stubFetch({ 'GET /api/config/maps': () => jsonResponse(200, { maps: [] }) });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('No maps match your query');
  });
});
