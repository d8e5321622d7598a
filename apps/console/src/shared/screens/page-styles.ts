import { PAGE_STYLE_ATTRIBUTE, SETTLED_ATTRIBUTE } from '@web-control/contract/console-build';

/**
 * Resolves once every stylesheet a served screen's page added after its first paint (its boot
 * script: decision 0057) has loaded or failed, so the console never draws before its styles (one
 * that failed leaves it drawn unstyled rather than not at all). At once on a page without them.
 */
export function pageStylesLoaded(doc: Document = document): Promise<void> {
  const pending = doc.querySelectorAll<HTMLLinkElement>(
    `link[${PAGE_STYLE_ATTRIBUTE}]:not([${SETTLED_ATTRIBUTE}])`,
  );
  return Promise.all(
    [...pending].map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
