import { defineArea } from '../../shared/screens/define-area';
import { SERVICES_TITLE } from './titles';
import { LOAD_BALANCER_PATH, SERVICES_API_PATH, SERVICES_PATH } from './paths';

export const LOAD_BALANCER_SCREENS = defineArea({
  permissions: ['VIEW_LOAD_BALANCER'],
  load: () => import('./routes'),
  screens: [
    { path: LOAD_BALANCER_PATH, redirectTo: SERVICES_PATH },
    {
      path: SERVICES_PATH,
      component: (area) => area.ServicesPage,
      paletteLabel: 'Load Balancer Services',
      shell: {
        heading: SERVICES_TITLE,
        earlyCalls: [{ api: 'loadBalancerApi', path: SERVICES_API_PATH }],
      },
    },
    { path: `${SERVICES_PATH}/:serviceId`, component: (area) => area.ServiceDetailPage },
    { path: `${LOAD_BALANCER_PATH}/reviews/:requestId`, component: (area) => area.ReceiverReviewPage },
  ],
  menu: { label: 'Load Balancer', to: SERVICES_PATH },
});
