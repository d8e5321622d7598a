import { defineArea } from '../../shared/screens/define-area';
import { VOUCHERS_TITLE } from './titles';
import { VOUCHERS_PATH } from './paths';

export const VOUCHERS_SCREENS = defineArea({
  // The pages show transactions too (spec 3); the menu entry asks only VIEW_VOUCHERS (spec 1).
  permissions: ['VIEW_VOUCHERS', 'VIEW_TRANSACTIONS'],
  load: () => import('./routes'),
  screens: [
    {
      path: VOUCHERS_PATH,
      component: (area) => area.VoucherSearchPage,
      shell: { heading: VOUCHERS_TITLE, above: 'breadcrumbs' },
    },
    { path: `${VOUCHERS_PATH}/:voucherId`, component: (area) => area.VoucherDetailPage },
  ],
  menu: { label: 'Vouchers', to: VOUCHERS_PATH, permissions: ['VIEW_VOUCHERS'] },
});
