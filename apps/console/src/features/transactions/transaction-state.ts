import type { StateKind } from '../../shared/ui/state-pill';

/** How a transaction state reads (specification section 4); a state not listed reads as info. */
const STATE_KINDS: Record<string, StateKind> = {
  'SAF queue': 'incomplete',
  'In flight': 'info',
  Declined: 'error',
  Approved: 'success',
  Timeout: 'unavailable',
  Completed: 'success',
  'Completed abnormally': 'info',
};

export function stateKind(state: string): StateKind {
  return STATE_KINDS[state] ?? 'info';
}
