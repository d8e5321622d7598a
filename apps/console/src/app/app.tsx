import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { useModalQueue } from '../shared/modals/modal-store';
import { loadModalHost } from '../shared/modals/preload';
import { whenIdle } from '../shared/idle';
import { setNavigator } from '../shared/navigation';
import { getRuntimeConfig } from '../shared/runtime-config';
import { watchIdleSession } from '../shared/session/idle-session';
import { handleIdlePhase } from '../shared/session/idle-sign-out';
import { showOtherTabSignInNotice } from '../shared/session/other-tab-sign-in';
import { keepSessionFresh, restoreSession } from '../shared/session/session';
import { ConfigurationMissingBanner } from './configuration-missing';
import { createQueryClient } from './query-client';
import { type ConsoleRouter, createRouter } from './router';
import { ServedShell } from './served-shell';
import { cssVariablesResolver, theme } from './theme';
import classes from './toasts.module.css';

export const TOAST_POSITION = 'top-center';

// Mantine's default makes a new manager per render, which re-subscribes the provider each time.
const colorSchemeManager = localStorageColorSchemeManager();

// Neither is needed to sign in, so neither delays /login: the toasts' container loads once the
// first screen has shown (or with an earlier toast), the modal host when a screen preloads its
// modals or with the first modal.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));
const ModalHost = lazy(() => loadModalHost().then((module) => ({ default: module.ModalHost })));

function ModalHostOnceNeeded() {
  const [needed, setNeeded] = useState(false);
  const queued = useModalQueue().length > 0;
  if (queued && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}

function ToastsOnceWanted({ wanted }: { wanted: boolean }) {
  const [mounted, setMounted] = useState(false);
  const pending = useNotifications().notifications.length > 0;
  if ((wanted || pending) && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <Toasts position={TOAST_POSITION} limit={5} className={classes.toasts} />
    </Suspense>
  ) : null;
}

/** Runs `then` when the browser is idle after the router's first screen has rendered. */
function afterFirstScreen(router: ConsoleRouter, then: () => void): () => void {
  if (router.state.initialized) return whenIdle(then);
  let cancelIdle = () => {};
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    cancelIdle = whenIdle(then);
  });
  return () => {
    unsubscribe();
    cancelIdle();
  };
}

// The toasts' mount re-renders Body: the console and its screens stay as they are.
const MemoizedConsole = memo(Console);

function Console({
  onFirstScreen,
  servedShell,
  router: givenRouter,
}: {
  onFirstScreen: () => void;
  servedShell: string;
  router?: ConsoleRouter;
}) {
  const [router] = useState(() => givenRouter ?? createRouter());
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    setNavigator((to, options) => void router.navigate(to, options));
    void restoreSession().then(showOtherTabSignInNotice);
    const stopRefreshing = keepSessionFresh();
    const stopWatchingIdle = watchIdleSession({ onPhaseChange: (phase) => handleIdlePhase(phase) });
    return () => {
      stopRefreshing();
      stopWatchingIdle();
    };
  }, [router]);

  useEffect(() => afterFirstScreen(router, onFirstScreen), [router, onFirstScreen]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ServedShell router={router} markup={servedShell} />
      <ModalHostOnceNeeded />
    </QueryClientProvider>
  );
}

/** The toasts and the console beside them; its state changes never re-render MantineProvider. */
function Body({ servedShell, router }: { servedShell: string; router?: ConsoleRouter }) {
  const [toastsWanted, setToastsWanted] = useState(false);
  const wantToasts = useCallback(() => setToastsWanted(true), []);
  return (
    <>
      <ToastsOnceWanted wanted={toastsWanted} />
      {getRuntimeConfig() ? (
        <MemoizedConsole onFirstScreen={wantToasts} servedShell={servedShell} router={router} />
      ) : (
        <ConfigurationMissingBanner />
      )}
    </>
  );
}

/**
 * `servedShell`: what the page held in #root as served (a screen's heading, or nothing).
 * `router`: made before the first render by main.tsx; without one the console makes its own.
 * MantineProvider gives a new context to every Mantine component each time it renders, so
 * nothing above it holds state: a re-render there redrew every screen's every component.
 */
export function App({ servedShell = '', router }: { servedShell?: string; router?: ConsoleRouter }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Body servedShell={servedShell} router={router} />
    </MantineProvider>
  );
}
