import type { ColumnVisibilityState } from '@tanstack/react-table';

/** The Columns dropdown's choices are kept per user and process, in this browser. */
export function columnChoicesKey(username: string, processId: number): string {
  return `web-control.finance.results-columns.${username}.${processId}`;
}

export function readColumnChoices(storage: Storage, key: string): ColumnVisibilityState {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    return {};
  }
}

export function writeColumnChoices(storage: Storage, key: string, choices: ColumnVisibilityState): void {
  try {
    storage.setItem(key, JSON.stringify(choices));
  } catch {
    // A full or refused storage only forgets the choice; the grid still shows it.
  }
}
