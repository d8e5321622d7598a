import { defineArea } from '../../shared/screens/define-area';
import { TRANSACTIONS_TITLE } from './titles';
import { TRANSACTIONS_PATH } from './paths';

export const TRANSACTIONS_SCREENS = defineArea({
  permissions: ['VIEW_TRANSACTIONS'],
  load: () => import('./routes'),
  screens: [
    {
      path: TRANSACTIONS_PATH,
      component: (area) => area.TransactionsPage,
      shell: { heading: TRANSACTIONS_TITLE },
    },
    { path: `${TRANSACTIONS_PATH}/:uuid`, component: (area) => area.TransactionMessagesPage },
  ],
  menu: { label: 'Transactions', to: TRANSACTIONS_PATH },
});
