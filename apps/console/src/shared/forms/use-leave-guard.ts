import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { openModal } from '../modals/modal-store';
import { confirmModal } from '../modals/standard-modals';
import { getAccount } from '../session/session-state';

export const LEAVE_FORM_TEXTS = {
  title: 'Leave without saving?',
  text: 'What you changed on this form has not been saved. Leave the page and lose it?',
  leave: 'Leave',
} as const;

export interface LeaveGuard {
  /** The form's own way out (saved, or Cancel): the next navigation goes without asking. */
  allow: () => void;
}

/**
 * While a form holds changes not saved, leaving its page (a link, the menu, Back) first asks, and
 * a reload or closing the tab gets the browser's own question. A session that has ended leaves
 * without asking: its sign-in page must not wait on a form it can no longer save.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const allowed = useRef(false);
  const guarding = () => dirty && !allowed.current && getAccount().accessToken !== null;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => guarding() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Urgent: the browser's Back is undone with a history step of its own, which closes a page's modals.
    void openModal(
      confirmModal,
      { title: LEAVE_FORM_TEXTS.title, text: LEAVE_FORM_TEXTS.text, confirmLabel: LEAVE_FORM_TEXTS.leave },
      { urgent: true },
    ).then((leave) => {
      if (leave === true) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (guarding()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  });

  return {
    allow: () => {
      allowed.current = true;
    },
  };
}
