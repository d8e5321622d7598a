import { useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';
import { openModal } from '../modals/modal-store';
import { confirmModal } from '../modals/standard-modals';
import { getAccount } from '../session/session-state';

export const LEAVE_FORM_TEXTS = {
  title: 'Leave without saving?',
  text: 'What you changed on this form has not been saved. Leave the page and lose it?',
  leave: 'Leave',
} as const;

export interface LeaveGuard {
  /** The form's own way out (saved, Cancel, a question already answered): the next navigation goes without asking. */
  allow: () => void;
}

export interface LeaveGuardOptions {
  /** Whether a navigation that stays on the path takes the form away too (a mode of the page). */
  leaves?: (next: Location) => boolean;
}

/**
 * The question itself, for a page that takes its form away by other means than a navigation; the
 * signal takes it back unanswered.
 */
export async function confirmLeavingForm(signal?: AbortSignal): Promise<boolean> {
  const leave = await openModal(
    confirmModal,
    { title: LEAVE_FORM_TEXTS.title, text: LEAVE_FORM_TEXTS.text, confirmLabel: LEAVE_FORM_TEXTS.leave },
    // Urgent: the browser's Back is undone with a history step of its own, which closes a page's modals.
    { urgent: true, signal },
  );
  return leave === true;
}

/**
 * While a form holds changes not saved, leaving its page (a link, the menu, Back) first asks, and
 * a reload or closing the tab gets the browser's own question. A session that has ended leaves
 * without asking: its sign-in page must not wait on a form it can no longer save.
 */
export function useLeaveGuard(dirty: boolean, { leaves }: LeaveGuardOptions = {}): LeaveGuard {
  const allowed = useRef(false);
  const guarding = () => dirty && !allowed.current && getAccount().accessToken !== null;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // Allowed once: a form that stays on screen stays guarded.
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    const away = currentLocation.pathname !== nextLocation.pathname || leaves?.(nextLocation) === true;
    return guarding() && away;
  });

  // One question per blocked navigation: another (a second Back) or none (the form saved and left,
  // the session ended) takes it back.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const asked = new AbortController();
    void confirmLeavingForm(asked.signal).then((leave) => {
      if (asked.signal.aborted) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => asked.abort();
  }, [blocker]);

  // Bound anew each render: `guarding` reads this render's `dirty`.
  useEffect(() => {
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
