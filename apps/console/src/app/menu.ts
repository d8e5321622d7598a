import { holdsAll, type Permission } from '@web-control/contract/permissions';
import type { Area } from '../shared/screens/define-area';
import { AREAS } from './areas';

export interface MenuLink {
  label: string;
  to: string;
  /** All of these are needed to see the entry. */
  permissions: Permission[];
  /** Opens outside the console, in a new tab. */
  external?: boolean;
  children?: MenuLink[];
}

export interface MenuOptions {
  hideHome: boolean;
  heldPermissions: readonly string[];
}

/** The area's side-menu entry, or undefined when this user does not see it. */
export function getMenuEntry({ menu, permissions }: Area, options: MenuOptions): MenuLink | undefined {
  const allowed = (link: { permissions: Permission[] }) =>
    holdsAll(options.heldPermissions, link.permissions);
  const entry: MenuLink = { label: menu.label, to: menu.to, permissions: menu.permissions ?? permissions };
  const anyHeld =
    menu.anyOf === undefined || menu.anyOf().some((name) => options.heldPermissions.includes(name));
  if ((options.hideHome && menu.hiddenByHideHome) || !allowed(entry) || !anyHeld) return undefined;
  if (menu.external) entry.external = true;
  if (menu.children) entry.children = menu.children.filter(allowed);
  return entry;
}

/** The menu of specification section 6, in the order of AREAS; Logout is added by the side menu. */
export function buildMenu(options: MenuOptions): MenuLink[] {
  return AREAS.flatMap((area) => getMenuEntry(area, options) ?? []);
}

/**
 * Whether the entry is the current page's: anywhere in its area (`/dashboard/<area>`), not only
 * under the screen it opens, so that Node View shows Monitoring and Roles User Management.
 */
export function isCurrentEntry(pathname: string, entry: Pick<MenuLink, 'to'>): boolean {
  const area = entry.to.split('/').slice(0, 3).join('/');
  return pathname === area || pathname.startsWith(`${area}/`);
}
