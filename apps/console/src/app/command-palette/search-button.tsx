import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useOs } from '@mantine/hooks';

/** Opens the command palette; the palette's own shortcut is mod+K (Cmd on Apple systems, else Ctrl). */
export const PALETTE_SHORTCUT = 'mod + K';

function MagnifierIcon() {
  return (
    <svg
      aria-hidden
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <circle cx="6.75" cy="6.75" r="4.75" />
      <path d="M10.25 10.25 14.5 14.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The word and the key hint from the `sm` breakpoint; on a phone a magnifier alone, so that the
 * header's row leaves the client's name and the user room (each wrapped to three lines beside the word).
 */
export function SearchButton({ onClick }: { onClick: () => void }) {
  const os = useOs();
  const apple = os === 'macos' || os === 'ios';
  // Named by its text alone: the key hint is hidden from the name (aria-keyshortcuts says it).
  const keyShortcuts = apple ? 'Meta+K' : 'Control+K';
  return (
    <>
      <Button
        variant="default"
        size="xs"
        visibleFrom="sm"
        onClick={onClick}
        aria-keyshortcuts={keyShortcuts}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {apple ? '⌘' : 'Ctrl'} K
          </Kbd>
        }
      >
        Search
      </Button>
      <ActionIcon
        variant="default"
        size={30}
        hiddenFrom="sm"
        onClick={onClick}
        aria-label="Search"
        aria-keyshortcuts={keyShortcuts}
      >
        <MagnifierIcon />
      </ActionIcon>
    </>
  );
}
