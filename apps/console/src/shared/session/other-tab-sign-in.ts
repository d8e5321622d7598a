import { notifications } from '@mantine/notifications';
import { reloadPage } from '../navigation';
import { displayUsername, readClaims } from './access-token';
import { getAccount, markSessionReplaced } from './session-state';

const REPLACED_KEY = 'webControl.replacedBy';

export const OTHER_TAB_SIGN_IN_TEXTS = {
  notice: (was: string, now: string) =>
    `${now} signed in on another tab of this browser, so this tab now works as ${now}. ` +
    `Anything typed here as ${was} and not saved was dropped.`,
} as const;

/** Whether a token is for another user than the one this tab works as (false: no one signed in here). */
export function isOtherUsersToken(accessToken: string): boolean {
  const current = getAccount().accessToken;
  if (current === null) return false;
  const [mine, theirs] = [readClaims(current), readClaims(accessToken)];
  return mine !== undefined && theirs !== undefined && mine.sub !== theirs.sub;
}

/**
 * Another tab signed a different user in, into the storage this tab shares. This tab must not go
 * on as them with what it holds (a form one user typed, saved under another's name), nor as its
 * user (whose tokens are gone): it opens again, as them, and says so. No form asks to stay.
 */
export function openAgainAsOtherUser(accessToken: string): void {
  const was = getAccount().username ?? '';
  const claims = readClaims(accessToken);
  if (claims === undefined) return;
  sessionStorage.setItem(REPLACED_KEY, JSON.stringify({ was, now: displayUsername(claims) }));
  markSessionReplaced();
  reloadPage();
}

function takeReplaced(): { was: string; now: string } | null {
  const stored = sessionStorage.getItem(REPLACED_KEY);
  sessionStorage.removeItem(REPLACED_KEY);
  try {
    return stored === null ? null : (JSON.parse(stored) as { was: string; now: string });
  } catch {
    return null;
  }
}

/**
 * After that reload and the session's restore, says once why the tab opened again, until the user
 * closes the notice; not when the tab did not open as them (their session ended meanwhile).
 */
export function showOtherTabSignInNotice(): void {
  const replaced = takeReplaced();
  if (replaced === null || getAccount().username !== replaced.now) return;
  const { was, now } = replaced;
  notifications.show({
    color: 'yellow',
    autoClose: false,
    message: OTHER_TAB_SIGN_IN_TEXTS.notice(was, now),
  });
}
