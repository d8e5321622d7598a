import { useCallback, useEffect, useRef } from 'react';
import { NavigationType, Outlet, useBlocker, type RouteObject } from 'react-router';
import { leavePageModals } from '../modals/modal-store';
import { confirmLeavingForm, holdsChanges, type Departure } from './use-leave-guard';

/** The id of the route PageLeaving guards from: routes wrapped once need no second. */
export const PAGE_LEAVING_ROUTE_ID = 'page-leaving';

/**
 * The router's one blocker (it keeps only one): a navigation that would lose a form's changes,
 * a page's or an open modal's, waits for the question. Back and Forward that go ahead take the
 * page's modals with them, before the page they reach renders.
 */
function PageLeaving() {
  // Whether the navigation held is a Back or Forward: only those take the page's modals.
  const heldBack = useRef(false);
  const holds = useCallback((departure: Departure) => {
    const back = departure.historyAction === NavigationType.Pop;
    const held = holdsChanges(departure);
    if (held) heldBack.current = back;
    else if (back) leavePageModals();
    return held;
  }, []);
  const blocker = useBlocker(holds);

  // One question per blocked navigation: another (a second Back) or none (the form saved and left,
  // the session ended) takes it back.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const asked = new AbortController();
    void confirmLeavingForm(asked.signal).then((leave) => {
      if (asked.signal.aborted) return;
      if (leave) {
        // The router lets a Back through without asking again: the page's modals go now.
        if (heldBack.current) leavePageModals();
        blocker.proceed();
      } else blocker.reset();
    });
    return () => asked.abort();
  }, [blocker]);

  return <Outlet />;
}

function holdsPageLeaving(routes: readonly RouteObject[]): boolean {
  return routes.some((route) => route.id === PAGE_LEAVING_ROUTE_ID || holdsPageLeaving(route.children ?? []));
}

/** Routes under PageLeaving, unless they hold it already. */
export function withPageLeaving(routes: RouteObject[]): RouteObject[] {
  if (holdsPageLeaving(routes)) return routes;
  return [{ id: PAGE_LEAVING_ROUTE_ID, element: <PageLeaving />, children: routes }];
}
