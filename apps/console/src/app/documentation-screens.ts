import { defineArea } from '../shared/screens/define-area';

const DOCUMENTATION_PATH = '/dashboard/documentation';

/** The menu's Documentation entry: a link to the documentation site, and a route that opens it. */
export const DOCUMENTATION_SCREENS = defineArea({
  permissions: ['VIEW_TRANSACTIONS'],
  load: () => import('./documentation-redirect'),
  screens: [{ path: DOCUMENTATION_PATH, component: (module) => module.DocumentationRedirect }],
  menu: { label: 'Documentation', to: DOCUMENTATION_PATH, external: true },
});
