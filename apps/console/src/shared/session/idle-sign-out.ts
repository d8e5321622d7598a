import { notifications } from '@mantine/notifications';
import { requestWithoutResult } from '../http/http-client';
import { currentPath } from '../navigation';
import { IDLE_WARNING_TEXT, IDLE_WARNING_TITLE, type IdlePhase } from './idle';
import { getAccount, signOutLocally } from './session-state';
import { markIdleSignOut, markSignedOut } from './token-storage';

const IDLE_WARNING_ID = 'idle-warning';

/** A full load leaves nothing of the session in memory, cached answers included. */
function loadPage(path: string): void {
  window.location.replace(path);
}

/** Ends the session on the platform too; a failure there still signs this console out. */
async function signOutAfterIdle(leave: (path: string) => void): Promise<void> {
  const from = currentPath();
  const { refreshToken } = getAccount();
  try {
    if (refreshToken) {
      await requestWithoutResult({
        api: 'authApi',
        anonymous: true,
        path: '/logout',
        method: 'POST',
        body: { refresh_token: refreshToken },
      });
    }
  } catch (error) {
    console.error('Could not end the session on the platform', error);
  }
  signOutLocally();
  markSignedOut();
  markIdleSignOut();
  // The next sign-in opens the screen the user left, as after an expired session; left at /login
  // (turned away), the screen it was asked for.
  leave(window.location.pathname === '/login' ? from : `/login?from=${encodeURIComponent(from)}`);
}

/** The console's answer to each idle phase: warn, take the warning back, or sign out. */
export function handleIdlePhase(phase: IdlePhase, leave: (path: string) => void = loadPage): void {
  if (phase === 'warning') {
    notifications.show({
      id: IDLE_WARNING_ID,
      color: 'yellow',
      title: IDLE_WARNING_TITLE,
      message: IDLE_WARNING_TEXT,
      autoClose: false,
    });
    return;
  }
  notifications.hide(IDLE_WARNING_ID);
  if (phase === 'expired') void signOutAfterIdle(leave);
}
