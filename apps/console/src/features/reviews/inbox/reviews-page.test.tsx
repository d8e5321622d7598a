import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../shared/runtime-config';
import { resetAccountForTests } from '../../../shared/session/session-state';
import { jsonResponse, settle, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { signInWith } from '../../../test/session';
import { TEST_CONFIG } from '../../../test/tokens';
import { REVIEWS_FILTER_DEBOUNCE_MS } from './constants';
import { ReviewsPage } from './reviews-page';

const PATH = '/dashboard/reviews';
const routes = [{ path: PATH, element: <ReviewsPage /> }];

const REVIEW = {
  id: 'a1',
  kind: 'ACCEPT_TRANSACTIONS',
  area: 'finance',
  summary: 'Accept 1 transaction (Card Recon)',
  requestedBy: 'finance-operator',
  requestedAt: '2026-02-03T14:05:00.000Z',
  scope: '1',
};

function setup() {
  const fetch = stubFetch({
    'GET /api/reviews': (_body, url) =>
      jsonResponse(
        200,
        url.searchParams.has('requester') ? { reviews: [], total: 0 } : { reviews: [REVIEW], total: 1 },
      ),
  });
  signInWith(['APPROVE_ACTIONS'], 'approver');
  return { asked: () => fetch.requests('/api/reviews').map((url) => url.searchParams.get('requester')) };
}

describe('reviews page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    resetAccountForTests();
  });

  it('turns away a user who may review nothing, having asked the platform nothing', async () => {
    const { asked } = setup();
    signInWith(['MONITOR_SERVICES'], 'watcher');
    const { router } = renderRoutes([...routes, { path: '/login', element: <p>Login</p> }], { path: PATH });
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent(PATH)}`);
    expect(asked()).toEqual([]);
  });

  it('refuses a masked card number a link held as the requester, and asks nothing', async () => {
    const { asked } = setup();
    renderRoutes(routes, { path: `${PATH}?requester=411111******1111` });
    expect(await screen.findByRole('textbox', { name: 'Requested by' })).toHaveAccessibleDescription(
      'A card number is never searched: give the username of the requester.',
    );
    expect(screen.getByText('Correct or clear Requested by to see the requests.')).toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it('says the filters hide what waits, rather than that nothing waits', async () => {
    const { asked } = setup();
    const { router } = renderRoutes(routes, { path: `${PATH}?requester=nobody` });
    expect(
      await screen.findByText('No request waiting for your review matches the filters.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nothing waits for your review.')).toBeNull();
    expect(asked()).toEqual(['nobody']);
    expect(router.state.location.search).toBe('?requester=nobody');
  });

  it('refuses a card number as the requester at the field, asks nothing and keeps it out of the address', async () => {
    const { asked } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: PATH });
    const table = await screen.findByRole('table', { name: 'Requests to review' });
    expect(within(table).getByText('finance-operator')).toBeInTheDocument();
    const requester = screen.getByRole('textbox', { name: 'Requested by' });
    await user.type(requester, '4111 1111 1111 1111');
    await settle(REVIEWS_FILTER_DEBOUNCE_MS);
    expect(requester).toHaveAccessibleDescription(
      'A card number is never searched: give the username of the requester.',
    );
    expect(screen.getByText('Correct or clear Requested by to see the requests.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Requests to review' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(router.state.location.search).toBe('');
    expect(asked().some((requested) => requested?.includes('4111'))).toBe(false);

    await user.clear(requester);
    await user.type(requester, 'operator');
    await settle(REVIEWS_FILTER_DEBOUNCE_MS);
    expect(router.state.location.search, 'a username is written').toBe('?requester=operator');
    expect(asked().at(-1)).toBe('operator');
  });
  it('says at the field that a link’s requester is a card number, and asks nothing until a username replaces it', async () => {
    const { asked } = setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { router } = renderRoutes(routes, { path: `${PATH}?requester=4111111111111111` });
    expect(await screen.findByText('Correct or clear Requested by to see the requests.')).toBeInTheDocument();
    const requester = screen.getByRole('textbox', { name: 'Requested by' });
    expect(requester).toHaveValue('');
    expect(requester).toHaveAccessibleDescription(
      'A card number is never searched: give the username of the requester.',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(asked(), 'neither the card number nor every request is asked for').toEqual([]);

    await user.type(requester, 'operator');
    await settle(REVIEWS_FILTER_DEBOUNCE_MS);
    expect(router.state.location.search).toBe('?requester=operator');
    expect(asked()).toEqual(['operator']);
  });
  it('says at the field that a requester is too long for the platform, and asks nothing', async () => {
    const { asked } = setup();
    renderRoutes(routes, { path: `${PATH}?requester=${'u'.repeat(129)}` });
    expect(await screen.findByText('Correct or clear Requested by to see the requests.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Requested by' })).toHaveAccessibleDescription(
      'Must not exceed 128 characters',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(asked()).toEqual([]);
  });

  it('offers in its filters only the areas and kinds the user may review, and the chosen area’s kinds', async () => {
    setup();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const optionsOf = async (name: string) => {
      const select = screen.getByRole('combobox', { name });
      await user.click(select);
      const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '') ?? document.body;
      // In jsdom Mantine's dropdown keeps display:none, so its options count as hidden.
      const names = within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent);
      await user.click(select);
      return names;
    };
    const { unmount } = renderRoutes(routes, { path: PATH });
    await screen.findByRole('table', { name: 'Requests to review' });
    expect(await optionsOf('Area')).toEqual(['Finance']);
    expect(await optionsOf('Kind')).toEqual([
      'Accept transactions',
      'Reject transactions',
      'Resolve transactions',
      'Load file',
      'Reload file',
      'Rollback file',
    ]);
    unmount();

    // The load balancer's requests have reviewers only under FOUR_EYES; a link's area shows as chosen.
    setRuntimeConfig({ ...TEST_CONFIG, fourEyes: ['load-balancer'] });
    signInWith(['APPROVE_MAPS', 'EDIT_LOAD_BALANCER', 'MANAGE_USERS'], 'lead');
    renderRoutes(routes, { path: `${PATH}?area=load-balancer` });
    await screen.findByRole('table', { name: 'Requests to review' });
    expect(screen.getByRole('combobox', { name: 'Area' })).toHaveValue('Load balancer');
    expect(await optionsOf('Area')).toEqual(['Config maps', 'Load balancer']);
    expect(await optionsOf('Kind')).toEqual(['Receiver on or off', 'Receiver weight']);
  });
});
