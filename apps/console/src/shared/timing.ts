/** Timing constants of the shell (specification section 9). */
export const REQUEST_TIMEOUT_MS = 60_000;
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
/** A token refreshed because the user's permissions changed is not refreshed again sooner. */
export const PERMISSIONS_RECHECK_MS = 10_000;
export const TOKEN_EXPIRY_THRESHOLD_MS = 30_000;
export const SIDEBAR_READY_DELAY_MS = 500;
export const MENU_NAVIGATION_DELAY_MS = 400;
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
