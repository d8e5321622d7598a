import { useEffect, useRef } from 'react';
import { NavigationType, type Location } from 'react-router';
import { openModal } from '../modals/modal-store';
import { confirmModal } from '../modals/standard-modals';
import { holdsSession } from '../session/session-state';

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
  /**
   * A modal's form: only Back and Forward take it away (they close the page's modals); the page's
   * own navigations wait for the modal to answer.
   */
  backOnly?: boolean;
}

/** A navigation about to happen, as the router asks about it. */
export interface Departure {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}

/** Each mounted form's answer to whether a navigation would take its changes away. */
const guards = new Set<(departure: Departure) => boolean>();

/** Whether any form on screen (a page's, or an open modal's) holds changes the navigation would lose. */
export function holdsChanges(departure: Departure): boolean {
  // Each is asked, not only up to the first that holds: a form allowed once spends its allowance.
  return [...guards].map((holds) => holds(departure)).includes(true);
}

/**
 * The question itself, for a page that takes its form away by other means than a navigation; the
 * signal takes it back unanswered.
 */
export async function confirmLeavingForm(signal?: AbortSignal): Promise<boolean> {
  const leave = await openModal(
    confirmModal,
    { title: LEAVE_FORM_TEXTS.title, text: LEAVE_FORM_TEXTS.text, confirmLabel: LEAVE_FORM_TEXTS.leave },
    // Urgent: shown in front of a modal whose comment it asks about, and not one of the page's modals.
    { urgent: true, signal },
  );
  return leave === true;
}

/**
 * While a form holds changes not saved, leaving its page (a link, the menu, Back) first asks
 * (PageLeaving asks, for every form on screen), and a reload or closing the tab gets the browser's
 * own question. A session that has ended, or that another tab gave to another user, leaves without
 * asking: it can no longer save the form.
 */
export function useLeaveGuard(
  dirty: boolean,
  { leaves, backOnly = false }: LeaveGuardOptions = {},
): LeaveGuard {
  const allowed = useRef(false);
  const guarding = () => dirty && !allowed.current && holdsSession();
  // Bound anew each render: `guarding` reads this render's `dirty`.
  useEffect(() => {
    const holds = ({ currentLocation, nextLocation, historyAction }: Departure) => {
      // Allowed once: a form that stays on screen stays guarded.
      if (allowed.current) {
        allowed.current = false;
        return false;
      }
      const away = backOnly
        ? historyAction === NavigationType.Pop
        : currentLocation.pathname !== nextLocation.pathname || leaves?.(nextLocation) === true;
      return guarding() && away;
    };
    guards.add(holds);
    const ask = (event: BeforeUnloadEvent) => {
      if (guarding()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => {
      guards.delete(holds);
      window.removeEventListener('beforeunload', ask);
    };
  });

  return {
    allow: () => {
      allowed.current = true;
    },
  };
}

/** A modal's form: Back or Forward asks before what was typed goes with the page's modals. */
export function useModalLeaveGuard(dirty: boolean, submitting: boolean): void {
  useLeaveGuard(dirty && !submitting, { backOnly: true });
}
