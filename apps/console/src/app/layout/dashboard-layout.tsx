import '../../shared/ui/all-styles';
import { AppShell, useMantineTheme } from '@mantine/core';
import { getHotkeyHandler, useMediaQuery } from '@mantine/hooks';
import { createSpotlight } from '@mantine/spotlight';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { LiveProvider } from '../../shared/live/live-state';
import { getRuntimeConfig } from '../../shared/runtime-config';
import { useAccount } from '../../shared/session/session-state';
import { MENU_NAVIGATION_DELAY_MS, SIDEBAR_READY_DELAY_MS } from '../../shared/timing';
import { PALETTE_SHORTCUT } from '../command-palette/search-button';
import { useUpdateReady } from '../update-check';
import { Footer } from './footer';
import { Header } from './header';
import classes from './dashboard-layout.module.css';
import { SideMenu } from './side-menu';
import { usePaletteFocusReturn } from '../command-palette/palette-focus-return';
import { focusMain, focusScreenIfDropped, MAIN_ID } from '../../shared/focus/focus-screen';

// Loaded at its first use, so that it adds nothing to what /login downloads.
const CommandPalette = lazy(() =>
  import('../command-palette/command-palette').then((module) => ({ default: module.CommandPalette })),
);

export function DashboardLayout() {
  const config = getRuntimeConfig();
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const updateReady = useUpdateReady();
  // The menu is open on the page where it was opened: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const opened = openedOn === location.pathname;
  const [hidden, setHidden] = useState(false);
  // Below the navbar's breakpoint the menu is off the screen until opened: drawn at its first
  // opening, it no longer weighs on a phone's first screen (140 of the 200 elements of some).
  const { breakpoints } = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
  const [menuWanted, setMenuWanted] = useState(false);
  // The menu does not animate until it has settled after mount: an attribute, not state, since a
  // render of the layout redraws its header and menu.
  const shellRef = useRef<HTMLDivElement>(null);
  const pendingNavigation = useRef<number | undefined>(undefined);
  // The layout's own palette, so that nothing of it outlives the signed-in screens.
  const [[paletteStore, palette]] = useState(createSpotlight);
  const [paletteLoaded, setPaletteLoaded] = useState(false);
  const paletteFocus = usePaletteFocusReturn(
    useCallback(() => paletteStore.getState().opened, [paletteStore]),
  );
  const { remember: rememberPaletteOpener } = paletteFocus;
  const togglePalette = useCallback(() => {
    rememberPaletteOpener();
    setPaletteLoaded(true);
    palette.toggle();
  }, [palette, rememberPaletteOpener]);
  // Also from form fields, as in other consoles' palettes; the browser's own Ctrl+K is prevented.
  // Listened for as the layout is committed: from a passive effect (Mantine's useHotkeys), a
  // shortcut pressed as soon as the screen showed could come before the listener and be lost.
  useLayoutEffect(() => {
    const onKeyDown = getHotkeyHandler([[PALETTE_SHORTCUT, togglePalette]]);
    document.documentElement.addEventListener('keydown', onKeyDown);
    return () => document.documentElement.removeEventListener('keydown', onKeyDown);
  }, [togglePalette]);

  useEffect(() => {
    const timer = window.setTimeout(
      () => shellRef.current?.setAttribute('data-ready', ''),
      SIDEBAR_READY_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => () => window.clearTimeout(pendingNavigation.current), []);

  // After a navigation within the console, a focus dropped with the control that navigated goes to
  // the new screen once it is drawn: the next Tab goes on from there, not from the top of the page.
  // Not after a redirect (a replace: a process's bare address to its Inbox), which nobody asked for.
  const navigationType = useNavigationType();
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return undefined;
    shownPath.current = location.pathname;
    if (navigationType === NavigationType.Replace) return undefined;
    const frame = requestAnimationFrame(focusScreenIfDropped);
    return () => cancelAnimationFrame(frame);
  }, [location.pathname, navigationType]);

  // The phone's menu covers the screen: Escape closes it, as it closes a dialog.
  const menuToggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!opened) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpenedOn(null);
      menuToggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  const navigateFromMenu = (to: string) => {
    if (updateReady) {
      window.location.assign(to);
      return;
    }
    if (opened) {
      setOpenedOn(null);
      // The link tapped goes out of reach with the menu: the keyboard goes on from the menu's button.
      menuToggleRef.current?.focus();
      window.clearTimeout(pendingNavigation.current);
      pendingNavigation.current = window.setTimeout(() => void navigate(to), MENU_NAVIGATION_DELAY_MS);
      return;
    }
    void navigate(to);
  };

  if (!config) return null;

  return (
    <LiveProvider screen={location.pathname}>
      <AppShell
        header={{ height: { base: 72, sm: 56 } }}
        footer={{ height: 36 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: hidden } }}
        transitionDuration={200}
        className={classes.shell}
        ref={shellRef}
        padding="md"
      >
        {/* Past the header's and the menu's stops at once (WCAG 2.4.1). */}
        <a
          href={`#${MAIN_ID}`}
          className={classes.skipLink}
          onClick={(event) => {
            event.preventDefault();
            focusMain();
          }}
        >
          Skip to content
        </a>
        <AppShell.Header>
          <Header
            config={config}
            username={account.username}
            menuOpened={opened}
            menuHidden={hidden}
            menuToggleRef={menuToggleRef}
            onToggleMenu={() => {
              setMenuWanted(true);
              setOpenedOn(opened ? null : location.pathname);
            }}
            onToggleHidden={() => setHidden((value) => !value)}
            onOpenSearch={togglePalette}
          />
        </AppShell.Header>
        {/* Off the screen, its links are out of the keyboard's way too (a hidden Logout a Tab reached). */}
        <AppShell.Navbar p="xs" inert={wide ? hidden : !opened}>
          {wide || menuWanted ? (
            <SideMenu permissions={account.userPermissions} onNavigate={navigateFromMenu} />
          ) : null}
        </AppShell.Navbar>
        {/* The phone's open menu covers the screen: what is under it is out of Tab's way too. */}
        <AppShell.Main id={MAIN_ID} className={classes.main} inert={!wide && opened}>
          <Outlet />
        </AppShell.Main>
        <AppShell.Footer inert={!wide && opened}>
          <Footer clientName={config.clientName} />
        </AppShell.Footer>
        {paletteLoaded ? (
          <Suspense fallback={null}>
            <CommandPalette
              store={paletteStore}
              permissions={account.userPermissions}
              onNavigate={(to) => {
                paletteFocus.forget();
                navigateFromMenu(to);
              }}
              onClosed={paletteFocus.giveBack}
            />
          </Suspense>
        ) : null}
      </AppShell>
    </LiveProvider>
  );
}
