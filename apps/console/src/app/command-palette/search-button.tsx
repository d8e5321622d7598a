import { Button, Kbd } from '@mantine/core';
import { useOs } from '@mantine/hooks';

/** Opens the command palette; the palette's own shortcut is mod+K (Cmd on Apple systems, else Ctrl). */
export const PALETTE_SHORTCUT = 'mod + K';

export function SearchButton({ onClick }: { onClick: () => void }) {
  const os = useOs();
  const apple = os === 'macos' || os === 'ios';
  return (
    <Button
      variant="default"
      size="xs"
      onClick={onClick}
      // Named by its text alone: the key hint is hidden from the name (aria-keyshortcuts says it).
      aria-keyshortcuts={apple ? 'Meta+K' : 'Control+K'}
      rightSection={
        <Kbd size="xs" aria-hidden visibleFrom="sm">
          {apple ? '⌘' : 'Ctrl'} K
        </Kbd>
      }
    >
      Search
    </Button>
  );
}
