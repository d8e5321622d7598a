// Decoded once, when the platform starts: 50,000 passwords of 8 or more characters from the
// SecLists top-million list, lower-cased (Mozilla's fxa-common-password-list, MPL-2.0).
import commonPasswordList from 'fxa-common-password-list';

/** True when the password, ignoring case, is one of the most common passwords. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordList.test(password.toLowerCase());
}
