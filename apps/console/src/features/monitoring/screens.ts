import { defineArea } from '../../shared/screens/define-area';
import { HEALTH_OVERVIEW_TITLE } from './titles';
import { HEALTH_OVERVIEW_PATH, MONITORING_PATH, NODE_VIEW_PATH, NODES_API_PATH, SAF_API_PATH } from './paths';

export const MONITORING_SCREENS = defineArea({
  permissions: ['MONITOR_SERVICES'],
  load: () => import('./routes'),
  screens: [
    { path: MONITORING_PATH, redirectTo: HEALTH_OVERVIEW_PATH },
    {
      path: HEALTH_OVERVIEW_PATH,
      component: (area) => area.HealthOverviewPage,
      paletteLabel: 'Health Overview',
      shell: {
        heading: HEALTH_OVERVIEW_TITLE,
        earlyCalls: [
          { api: 'ecsApi', path: NODES_API_PATH },
          { api: 'ecsApi', path: SAF_API_PATH },
        ],
      },
    },
    { path: NODE_VIEW_PATH, component: (area) => area.NodeViewPage, paletteLabel: 'Node View' },
  ],
  menu: { label: 'Monitoring', to: HEALTH_OVERVIEW_PATH },
});
