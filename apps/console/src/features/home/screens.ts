import { DEFAULT_HOME_PATH } from '../../shared/runtime-config';
import { defineArea } from '../../shared/screens/define-area';
import { COUNT_TODAY_TITLE, HOME_TITLE } from './titles';

export const HOME_SCREENS = defineArea({
  permissions: [],
  load: () => import('./routes'),
  screens: [
    {
      path: DEFAULT_HOME_PATH,
      component: (area) => area.HomePage,
      // The rate's graph waits on the platform's features, so its panel has no title yet.
      shell: { heading: HOME_TITLE, panels: [{}, { title: COUNT_TODAY_TITLE }] },
    },
  ],
  menu: { label: 'Home', to: DEFAULT_HOME_PATH, hiddenByHideHome: true },
});
