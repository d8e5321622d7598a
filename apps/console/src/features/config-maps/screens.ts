import { defineArea } from '../../shared/screens/define-area';
import { APPROVALS_PATH, CONFIG_PATH, MAPS_PATH } from './paths';

export const CONFIG_MAPS_SCREENS = defineArea({
  // Approvals needs APPROVE_MAPS alone, so each route names its own permission.
  permissions: [],
  load: () => import('./routes'),
  screens: [
    { path: CONFIG_PATH, permissions: ['VIEW_MAPPINGS'], redirectTo: MAPS_PATH },
    {
      path: MAPS_PATH,
      permissions: ['VIEW_MAPPINGS'],
      component: (area) => area.MapsPage,
      paletteLabel: 'Maps',
    },
    { path: `${MAPS_PATH}/:mapId`, permissions: ['VIEW_MAPPINGS'], component: (area) => area.MappingsPage },
    {
      path: APPROVALS_PATH,
      permissions: ['APPROVE_MAPS'],
      component: (area) => area.MapApprovalsPage,
      paletteLabel: 'Map Approvals',
    },
  ],
  menu: {
    label: 'Configure',
    to: MAPS_PATH,
    permissions: ['VIEW_MAPPINGS'],
    children: [
      { label: 'Mappings', to: MAPS_PATH, permissions: ['APPROVE_MAPS'] },
      { label: 'Approvals', to: APPROVALS_PATH, permissions: ['APPROVE_MAPS'] },
    ],
  },
});
