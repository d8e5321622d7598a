import { Badge, NavLink, Stack } from '@mantine/core';
import { useReviewCount } from '../../features/reviews/api/get-review-count';
import { REVIEWS_PATH } from '../../features/reviews/paths';
import { notifications } from '@mantine/notifications';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { FALLBACK_DOCUMENTATION_URL, getRuntimeConfig } from '../../shared/runtime-config';
import { getAccount, signOutLocally } from '../../shared/session/session-state';
import { markSignedOut } from '../../shared/session/token-storage';
import { buildMenu, isCurrentEntry, type MenuLink } from '../menu';
import classes from './side-menu.module.css';

export const LOGOUT_FAILED = 'Logout failed, please contact support.';

interface SideMenuProps {
  permissions: readonly string[];
  /** Navigates as the shell decides: delayed while the menu closes, or a full load after an update. */
  onNavigate: (to: string) => void;
}

/** Ctrl/meta/shift-click and middle-click belong to the browser (new tab, new window). */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
}

/**
 * The Reviews entry's count, a component of its own: the count arriving (and each refresh) redraws
 * the badge, not the whole menu (a long task on a phone's first paint). Rendered only for a user
 * whose menu has the Reviews entry.
 */
function ReviewCountBadge() {
  const count = useReviewCount(true).data;
  if (!count) return null;
  return (
    <Badge size="sm" circle={count < 10} aria-label={`${count} to review`}>
      {count}
    </Badge>
  );
}

/**
 * An entry with sub-links: a button (Mantine draws a link without an address, which the keyboard
 * cannot reach) saying whether it is open; open on a screen of its area.
 */
function MenuGroup({ label, active, children }: { label: string; active: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(active);
  const [wasActive, setWasActive] = useState(active);
  // Reaching a screen of its area (from Reviews, a link) opens it; leaving it keeps the user's choice.
  if (active !== wasActive) {
    setWasActive(active);
    if (active) setOpened(true);
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      active={active}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
    >
      {children}
    </NavLink>
  );
}

export function SideMenu({ permissions, onNavigate }: SideMenuProps) {
  const location = useLocation();
  const logout = useLogout();
  const config = getRuntimeConfig();
  const menu = buildMenu({ hideHome: config?.hideHome ?? false, heldPermissions: permissions });

  const follow = (to: string) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(to);
  };

  const signOut = async () => {
    const { refreshToken } = getAccount();
    try {
      if (refreshToken) await logout.mutateAsync(refreshToken);
      signOutLocally();
      markSignedOut();
      // A full load leaves nothing of the session in memory, cached answers included.
      window.location.replace('/login');
    } catch {
      notifications.show({ color: 'red', message: LOGOUT_FAILED });
    }
  };

  const renderLink = (entry: MenuLink) => {
    const active = isCurrentEntry(location.pathname, entry);
    if (entry.external) {
      return (
        <NavLink
          key={entry.label}
          label={entry.label}
          href={config?.documentationUrl ?? FALLBACK_DOCUMENTATION_URL}
          target="_blank"
          rel="noopener noreferrer"
          component="a"
        />
      );
    }
    if (entry.children && entry.children.length > 0) {
      return (
        <MenuGroup key={entry.label} label={entry.label} active={active}>
          {entry.children.map((child) => {
            const current = location.pathname.startsWith(child.to);
            return (
              <NavLink
                key={child.label}
                label={child.label}
                href={child.to}
                component="a"
                active={current}
                aria-current={current ? 'page' : undefined}
                onClick={follow(child.to)}
              />
            );
          })}
        </MenuGroup>
      );
    }
    return (
      <NavLink
        key={entry.label}
        label={entry.label}
        rightSection={entry.to === REVIEWS_PATH ? <ReviewCountBadge /> : null}
        href={entry.to}
        component="a"
        active={active}
        aria-current={active ? 'page' : undefined}
        onClick={follow(entry.to)}
      />
    );
  };

  return (
    // The browser's own scrolling: Mantine's ScrollArea sets state from a ref as it mounts, and so
    // re-rendered the whole menu unsliced in the task that draws every first screen (decision 0045).
    <div className={classes.scroller}>
      <nav aria-label="Main menu">
        <Stack gap={2}>
          {menu.map(renderLink)}
          <NavLink
            label="Logout"
            component="button"
            onClick={() => void signOut()}
            disabled={logout.isPending}
          />
        </Stack>
      </nav>
    </div>
  );
}
