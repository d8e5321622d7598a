import { defineArea } from '../../shared/screens/define-area';
import { APPROVALS_PATH, CONFIG_PATH, MAPS_API_PATH, MAPS_PATH } from './paths';
import { MAPS_TITLE } from './titles';

/**
 * The mappings and approvals screens load apart from the area's chunk, the maps list: the tables and
 * forms they draw with are no part of the list's first draw (decision 0059).
 */
export const loadMappingsPage = () =>
  import('./mappings/mappings-page').then((module) => module.MappingsPage);
const loadMapApprovalsPage = () =>
  import('./approvals/map-approvals-page').then((module) => module.MapApprovalsPage);

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
      shell: { heading: MAPS_TITLE, earlyCalls: [{ api: 'configApi', path: MAPS_API_PATH }] },
    },
    { path: `${MAPS_PATH}/:mapId`, permissions: ['VIEW_MAPPINGS'], load: loadMappingsPage },
    {
      path: APPROVALS_PATH,
      permissions: ['APPROVE_MAPS'],
      load: loadMapApprovalsPage,
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
