import { useDeferredValue } from 'react';

/**
 * False at a component's first render, true at once after it in a render React can interrupt: what
 * it guards draws after the rest of its screen has painted, in slices of a few milliseconds
 * instead of one long task. Later renders are true from the start.
 */
export function useDrawnAfterScreen(): boolean {
  return useDeferredValue(true, false);
}
