/** Lets shared code (the http client, the session) navigate through the router the app owns. */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateWith: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateWith = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  navigateWith(to, options);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

let reloadWith = () => window.location.reload();

/** Tests stand in for the browser's reload, which jsdom cannot do. */
export function setReloader(reload: () => void): void {
  reloadWith = reload;
}

/** The page loaded again, where it is. */
export function reloadPage(): void {
  reloadWith();
}
