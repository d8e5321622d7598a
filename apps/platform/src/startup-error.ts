/**
 * A start that cannot go on for a reason the operator can fix (a setting, a busy folder or port,
 * an unreachable database). Its message is one line naming the setting; main.ts prints it
 * without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The errno code of a Node.js system error ('EACCES', 'ECONNREFUSED', …), if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}
