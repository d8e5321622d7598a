/** The heading the page was served with (a process's name, written by the platform), and its path. */
let served: { path: string; heading: string } | undefined;

/** Reads the served page's heading once, before React replaces what #root was served with. */
export function rememberServedHeading(root: HTMLElement, path = window.location.pathname): void {
  const heading = root.querySelector('[data-shell] h1')?.textContent;
  served = heading ? { path, heading } : undefined;
}

/**
 * The heading this page was served with while the console is still at its path: a screen that
 * waits for what its heading says draws this one meanwhile, rather than take it away.
 */
export function servedHeading(path: string): string | undefined {
  return served?.path === path ? served.heading : undefined;
}
