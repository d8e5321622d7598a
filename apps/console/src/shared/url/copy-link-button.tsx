import { Button } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';

export const COPY_LINK_TEXTS = { copy: 'Copy link', copied: 'Link copied' } as const;

/** Copies the address of the view on screen (its filters, sort and page are in it). */
export function CopyLinkButton() {
  const clipboard = useClipboard();
  return (
    <Button variant="default" onClick={() => clipboard.copy(window.location.href)}>
      {clipboard.copied ? COPY_LINK_TEXTS.copied : COPY_LINK_TEXTS.copy}
    </Button>
  );
}
