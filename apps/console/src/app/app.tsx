import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { ModalHost } from '../shared/modals/modal-host';
import { setNavigator } from '../shared/navigation';
import { getRuntimeConfig } from '../shared/runtime-config';
import { watchIdleSession } from '../shared/session/idle-session';
import { handleIdlePhase } from '../shared/session/idle-sign-out';
import { keepSessionFresh, restoreSession } from '../shared/session/session';
import { ConfigurationMissingBanner } from './configuration-missing';
import { createQueryClient } from './query-client';
import { createRouter } from './router';
import { cssVariablesResolver, theme } from './theme';
import classes from './toasts.module.css';

export const TOAST_POSITION = 'top-center';

function Console() {
  const [router] = useState(createRouter);
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options));
    void restoreSession();
    const stopRefreshing = keepSessionFresh();
    const stopWatchingIdle = watchIdleSession({ onPhaseChange: (phase) => handleIdlePhase(phase) });
    return () => {
      stopRefreshing();
      stopWatchingIdle();
    };
  }, [router]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ModalHost />
    </QueryClientProvider>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Notifications position={TOAST_POSITION} limit={5} className={classes.toasts} />
      {getRuntimeConfig() ? <Console /> : <ConfigurationMissingBanner />}
    </MantineProvider>
  );
}
