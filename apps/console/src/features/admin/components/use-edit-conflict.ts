import { useState } from 'react';
import type { ZodType } from 'zod';
import { currentOfStaleSave } from '../../../shared/http/stale-version';

/**
 * What an edit form saves against: the item as it was loaded, or, once a save was refused
 * because someone else's came first, the item as they left it (the user has seen the
 * differences, so saving again replaces them).
 */
export function useEditConflict<Item>(
  item: Item | undefined,
  staleDetails: ZodType<{ current: Item }>,
  resetTo: (current: Item) => void,
) {
  const [loaded, setLoaded] = useState(item);
  const [conflict, setConflict] = useState<Item>();
  return {
    loaded,
    conflict,
    base: conflict ?? loaded,
    /** True when the failure was a stale save, whose current item is now shown. */
    caught(error: unknown): boolean {
      const current = currentOfStaleSave(error, staleDetails);
      if (current === undefined) return false;
      setConflict(current);
      return true;
    },
    /** Drops the user's changes for the item as it is now. */
    loadCurrent(current: Item) {
      setLoaded(current);
      setConflict(undefined);
      resetTo(current);
    },
  };
}
