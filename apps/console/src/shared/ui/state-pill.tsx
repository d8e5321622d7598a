import { Badge, type MantineColor } from '@mantine/core';

/** How a state reads: each area maps its own states to these kinds. */
export type StateKind = 'incomplete' | 'info' | 'error' | 'success' | 'unavailable';

// Filled, with the text colour that keeps WCAG AA on that shade in both colour schemes
// (contrast 8.2, 5.0, 5.5, 7.6 and 8.2 to 1).
const KIND_COLOURS: Record<StateKind, { background: MantineColor; text: 'black' | 'white' }> = {
  incomplete: { background: 'orange.6', text: 'black' },
  info: { background: 'blue.8', text: 'white' },
  error: { background: 'red.9', text: 'white' },
  success: { background: 'green.7', text: 'black' },
  unavailable: { background: 'gray.7', text: 'white' },
};

export function StatePill({ label, kind }: { label: string; kind: StateKind }) {
  const colours = KIND_COLOURS[kind];
  return (
    <Badge color={colours.background} c={colours.text} variant="filled" data-kind={kind}>
      {label}
    </Badge>
  );
}
