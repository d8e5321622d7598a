import { holdsAll } from '@web-control/contract/permissions';
import { AREAS, listScreens } from '../areas';
import { getMenuEntry, type MenuOptions } from '../menu';

export interface PaletteScreen {
  label: string;
  to: string;
  /** The menu entry the screen belongs to, when it is not a menu entry itself. */
  area: string | null;
  /** Opens outside the console, in a new tab. */
  external: boolean;
}

/**
 * Every screen the user may open: the side menu's entries, filtered as the side menu filters them,
 * each replaced by the screens its area names for the palette, or left out when its route guard
 * would refuse the user.
 */
export function buildPaletteScreens(options: MenuOptions): PaletteScreen[] {
  const { heldPermissions } = options;
  return AREAS.flatMap((area): PaletteScreen[] => {
    const entry = getMenuEntry(area, options);
    if (!entry) return [];
    const screens = listScreens(area);
    const named = screens.flatMap(({ paletteLabel, path, permissions }) =>
      paletteLabel && holdsAll(heldPermissions, permissions)
        ? [{ label: paletteLabel, to: path, area: entry.label, external: false }]
        : [],
    );
    if (named.length > 0) return named;
    const target = screens.find((screen) => screen.path === entry.to);
    if (!target || !holdsAll(heldPermissions, target.permissions)) return [];
    return [{ label: entry.label, to: entry.to, area: null, external: entry.external ?? false }];
  });
}

/** The screens whose name or area holds every word of the query, in any case. */
export function filterScreens(screens: readonly PaletteScreen[], query: string): PaletteScreen[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return screens.filter((screen) => {
    const text = `${screen.label} ${screen.area ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
