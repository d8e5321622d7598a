import { describe, expect, it, vi } from 'vitest';
import { defineArea } from './define-area';

const MapsPage = () => null;
const MappingsPage = () => null;

describe('an area’s screens', () => {
  it('take their component from the area’s chunk, or load one of their own without it', async () => {
    const loadArea = vi.fn(() => Promise.resolve({ MapsPage }));
    const loadMappings = vi.fn(() => Promise.resolve(MappingsPage));
    const area = defineArea({
      permissions: [],
      load: loadArea,
      screens: [
        { path: '/dashboard/config/maps', component: (module) => module.MapsPage },
        { path: '/dashboard/config/maps/:mapId', load: loadMappings },
      ],
      menu: { label: 'Configure', to: '/dashboard/config/maps' },
    });
    const [maps, mappings] = area.screens;
    if (!maps || !mappings || 'redirectTo' in maps || 'redirectTo' in mappings)
      throw new Error('two screens');

    expect(await mappings.load()).toBe(MappingsPage);
    expect(loadArea, 'the area’s chunk is not asked for').not.toHaveBeenCalled();
    expect(await maps.load()).toBe(MapsPage);
    expect(loadArea).toHaveBeenCalledTimes(1);
    expect([maps.ownChunk, mappings.ownChunk]).toEqual([false, true]);
  });
});
