import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createBrowserRouter, createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { onTestFinished } from 'vitest';
import { withPageLeaving } from '../shared/forms/page-leaving';
import { ModalHost } from '../shared/modals/modal-host';

/**
 * Renders routes the way the console does, at a given entry with optional navigation state. In
 * memory, or in the window's history, whose Back and Forward fire popstate as a browser's do.
 */
export function renderRoutes(
  routes: RouteObject[],
  entry: { path: string; state?: unknown },
  { history = 'memory' }: { history?: 'memory' | 'window' } = {},
) {
  const [pathname = '/', search = ''] = entry.path.split('?');
  const initial = { pathname, search: search ? `?${search}` : '', state: entry.state };
  if (history === 'window')
    window.history.replaceState({ usr: entry.state, key: 'default', idx: 0 }, '', entry.path);
  // As the console's routes: under the one blocker that asks before a form's changes are lost.
  const guarded = withPageLeaving(routes);
  const router =
    history === 'window'
      ? createBrowserRouter(guarded)
      : createMemoryRouter(guarded, { initialEntries: [initial] });
  // A window router listens to the window, which outlives the test.
  if (history === 'window') onTestFinished(() => router.dispose());
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ModalHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient };
}

export function renderWithProviders(ui: ReactElement) {
  return render(
    <MantineProvider>
      {ui}
      <ModalHost />
    </MantineProvider>,
  );
}
