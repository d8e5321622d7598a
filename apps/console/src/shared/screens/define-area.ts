import type { EarlyCall } from '@web-control/contract/console-build';
import type { Permission } from '@web-control/contract/permissions';
import type { ComponentType } from 'react';

/**
 * A route of an area as its screens.ts declares it. Paths are absolute (`/dashboard/...`) and start
 * with the parent's path; a route without a path is its parent's index.
 */
export type ScreenDeclaration<Module> =
  | ({
      path?: string;
      /** Needed on top of the area's (and the parent's) permissions. */
      permissions?: Permission[];
      /** Its name in the command palette, under its area's menu label; unnamed screens are not offered. */
      paletteLabel?: string;
      /** Its heading, painted from the page the platform serves before the console runs (a path without parameters). */
      shell?: ScreenShell;
      children?: ScreenDeclaration<Module>[];
    } & (
      | {
          /** The screen, taken from the area's route module once that has loaded. */
          component: (module: Module) => ComponentType;
        }
      | {
          /**
           * The screen from a chunk of its own, for a screen whose code the area's other screens do
           * not need to draw: `() => import('./x/x-page').then((module) => module.XPage)`.
           */
          load: () => Promise<ComponentType>;
        }
    ))
  | { path?: string; permissions?: Permission[]; redirectTo: string };

/**
 * What the page served for a screen's path shows until the console draws the screen
 * (build/page-shell.ts): the screen's own heading at its own place, so the largest paint is not
 * held until the JavaScript has arrived and run.
 */
export interface ScreenShell {
  /** The screen's `h1`, exactly. */
  heading: string;
  /** A row the screen draws above its heading, whose height the shell keeps free. */
  above?: 'breadcrumbs' | 'tabs';
  /**
   * The graph panels the screen draws below its heading while their data loads (`ChartPanel`),
   * each with its title, or none while the screen does not know it yet (`ChartPanelPlaceholder`).
   */
  panels?: readonly ShellPanel[];
  /**
   * The calls the screen makes first, exactly as it makes them (a query in the console's order):
   * its page makes them as soon as it has the configuration, and the screen takes their answers
   * instead of asking again (decision 0059).
   */
  earlyCalls?: readonly EarlyCall[];
}

export interface ShellPanel {
  title?: string;
}

export interface MenuChild {
  label: string;
  to: string;
  /** All of these are needed to see the link. */
  permissions: Permission[];
}

export interface MenuPlacement {
  label: string;
  to: string;
  /** Who sees the entry; the area's permissions when left out. */
  permissions?: Permission[];
  /** Besides those, the entry shows only to a user holding at least one of these (read at each use). */
  anyOf?: () => Permission[];
  /** Opens the documentation in a new tab instead of a screen. */
  external?: boolean;
  /** Left out of the menu and the palette when the runtime configuration sets hideHome. */
  hiddenByHideHome?: boolean;
  children?: MenuChild[];
}

export interface AreaDeclaration<Module> {
  /** Needed for every route of the area, on top of a session. */
  permissions: Permission[];
  /** The area's route module, one lazy chunk: `() => import('./routes')`. */
  load: () => Promise<Module>;
  screens: ScreenDeclaration<Module>[];
  /** Its side-menu entry; the palette names its screens under this label. */
  menu: MenuPlacement;
}

/** A route of a declared area, with its screen's loader bound to the area's chunk. */
export type AreaScreen =
  | {
      path?: string;
      permissions: Permission[];
      load: () => Promise<ComponentType>;
      /** Its code is a chunk of its own, not the area's (it declared its own `load`). */
      ownChunk: boolean;
      paletteLabel?: string;
      shell?: ScreenShell;
      children: AreaScreen[];
    }
  | { path?: string; permissions: Permission[]; redirectTo: string };

export interface Area {
  permissions: Permission[];
  screens: AreaScreen[];
  menu: MenuPlacement;
}

function fromArea<Module>(
  load: () => Promise<Module>,
  component: (module: Module) => ComponentType,
): () => Promise<ComponentType> {
  return async () => component(await load());
}

function bindScreen<Module>(load: () => Promise<Module>, screen: ScreenDeclaration<Module>): AreaScreen {
  const permissions = screen.permissions ?? [];
  if ('redirectTo' in screen) return { path: screen.path, permissions, redirectTo: screen.redirectTo };
  return {
    path: screen.path,
    permissions,
    load: 'load' in screen ? screen.load : fromArea(load, screen.component),
    ownChunk: 'load' in screen,
    paletteLabel: screen.paletteLabel,
    shell: screen.shell,
    children: (screen.children ?? []).map((child) => bindScreen(load, child)),
  };
}

/**
 * Declares an area once: the router, its guards, the side menu and the command palette are built
 * from this. Typed against the route module, so a screen names an export that exists.
 */
export function defineArea<Module>(area: AreaDeclaration<Module>): Area {
  return {
    permissions: area.permissions,
    screens: area.screens.map((screen) => bindScreen(area.load, screen)),
    menu: area.menu,
  };
}
