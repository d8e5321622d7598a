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
