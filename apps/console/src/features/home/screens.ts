import { DEFAULT_HOME_PATH } from '../../shared/runtime-config';
import { defineArea } from '../../shared/screens/define-area';

export const HOME_SCREENS = defineArea({
  permissions: [],
  load: () => import('./routes'),
  screens: [{ path: DEFAULT_HOME_PATH, component: (area) => area.HomePage }],
  menu: { label: 'Home', to: DEFAULT_HOME_PATH, hiddenByHideHome: true },
});
