import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Navigate, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLive } from '../../shared/live/live-state';
import { setRuntimeConfig } from '../../shared/runtime-config';
import { resetAccountForTests } from '../../shared/session/session-state';
import { routeFetch } from '../../test/fetch';
import { renderRoutes } from '../../test/render';
import { signInWith } from '../../test/session';
import { TEST_CONFIG } from '../../test/tokens';
import { DashboardLayout } from './dashboard-layout';

const screenDrawn = vi.fn();

/** Stands in for a live screen (it reads whether refreshes are paused), counting how often it is drawn. */
function CountedScreen() {
  useLive();
  screenDrawn();
  return <h1>A screen</h1>;
}

const routes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <CountedScreen /> }] },
];

/** A list whose link opens a detail, and an old address that redirects to the list. */
const navigating: RouteObject[] = [
  {
    path: '/dashboard',
    element: <DashboardLayout />,
    children: [
      {
        path: 'list',
        element: (
          <>
            <h1>List</h1>
            <Link to="/dashboard/detail">Open the first</Link>
          </>
        ),
      },
      { path: 'detail', element: <h1>Detail</h1> },
      { path: 'old', element: <Navigate to="/dashboard/list" replace /> },
    ],
  },
];

describe('the dashboard layout', () => {
  beforeEach(() => {
    screenDrawn.mockClear();
    setRuntimeConfig({ ...TEST_CONFIG });
    vi.stubGlobal('fetch', routeFetch({}).fetchMock);
    signInWith([]);
  });

  afterEach(() => {
    resetAccountForTests();
    setRuntimeConfig(undefined);
    vi.unstubAllGlobals();
  });

  it('becomes ready after its delay without drawing the screen again', async () => {
    const { container } = renderRoutes(routes, { path: '/dashboard/somewhere' });
    const shell = container.querySelector('.mantine-AppShell-root');
    // Checked before the test first waits, so no timer can have run yet, however slow the machine.
    expect(shell).not.toHaveAttribute('data-ready');
    expect(await screen.findByRole('heading', { name: 'A screen' })).toBeInTheDocument();
    const drawnBefore = screenDrawn.mock.calls.length;

    await waitFor(() => expect(shell).toHaveAttribute('data-ready'));
    expect(screenDrawn).toHaveBeenCalledTimes(drawnBefore);
  });

  it('draws the menu at once on a wide screen', async () => {
    renderRoutes(routes, { path: '/dashboard/somewhere' });
    expect(await screen.findByRole('heading', { name: 'A screen' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('opens a menu group when its area is reached by a link, and leaves it as the user set it after', async () => {
    signInWith(['VIEW_PROCESSES']);
    const { router } = renderRoutes(routes, { path: '/dashboard/home' });
    const finance = await screen.findByRole('button', { name: 'Finance' });
    expect(finance).toHaveAttribute('aria-expanded', 'false');
    await router.navigate('/dashboard/finance/outbox');
    await waitFor(() => expect(finance).toHaveAttribute('aria-expanded', 'true'));
    expect(await screen.findByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(finance);
    await waitFor(() => expect(finance).toHaveAttribute('aria-expanded', 'false'));
    await router.navigate('/dashboard/finance/jobs');
    // The menu has drawn the move (its hidden Jobs link is the current page) and stays closed.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Jobs', hidden: true })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(finance, 'moving within the area keeps it closed').toHaveAttribute('aria-expanded', 'false');
  });

  it('gives a focus a navigation dropped to the new screen’s heading, not on the first screen', async () => {
    const user = userEvent.setup();
    renderRoutes(navigating, { path: '/dashboard/list' });
    const open = await screen.findByRole('link', { name: 'Open the first' });
    // Two frames: the navigation's focus would have moved by then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(document.body, 'a page as it loads keeps the focus for Skip to content').toHaveFocus();
    await user.click(open);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Detail' })).toHaveFocus());
  });

  it('leaves the focus on the page after a redirect as a page loads', async () => {
    renderRoutes(navigating, { path: '/dashboard/old' });
    await screen.findByRole('heading', { name: 'List' });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(
      document.body,
      'nobody navigated: no heading outlined, the first Tab is Skip to content',
    ).toHaveFocus();
  });

  describe('on a phone', () => {
    const desktopWidth = window.innerWidth;
    beforeEach(() => Object.defineProperty(window, 'innerWidth', { value: 400, configurable: true }));
    afterEach(() => Object.defineProperty(window, 'innerWidth', { value: desktopWidth, configurable: true }));

    it('draws the menu when it is first opened, and keeps it drawn once closed', async () => {
      const user = userEvent.setup();
      renderRoutes(routes, { path: '/dashboard/somewhere' });
      expect(await screen.findByRole('heading', { name: 'A screen' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main menu' }), 'off the screen, not drawn').toBeNull();

      const toggle = screen.getByRole('button', { name: 'Toggle menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    });

    it('closes the open menu on Escape and gives the focus back to its button', async () => {
      const user = userEvent.setup();
      renderRoutes(routes, { path: '/dashboard/somewhere' });
      const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.tab();
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    });
  });
});
