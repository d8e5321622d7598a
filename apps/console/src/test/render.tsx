import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ModalHost } from '../shared/modals/modal-host';

/** Renders routes the way the console does, at a given entry with optional navigation state. */
export function renderRoutes(routes: RouteObject[], entry: { path: string; state?: unknown }) {
  const [pathname = '/', search = ''] = entry.path.split('?');
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', state: entry.state }],
  });
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
  return { ...view, router };
}

export function renderWithProviders(ui: ReactElement) {
  return render(
    <MantineProvider>
      {ui}
      <ModalHost />
    </MantineProvider>,
  );
}
