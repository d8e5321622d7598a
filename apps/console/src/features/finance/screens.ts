import { defineArea } from '../../shared/screens/define-area';

const FINANCE_PATH = '/dashboard/finance';
const PROCESSES_PATH = `${FINANCE_PATH}/processes`;

export const FINANCE_SCREENS = defineArea({
  permissions: ['VIEW_PROCESSES'],
  load: () => import('./routes'),
  screens: [
    { path: FINANCE_PATH, redirectTo: PROCESSES_PATH },
    { path: PROCESSES_PATH, component: (area) => area.ProcessesPage, paletteLabel: 'Processes' },
    { path: `${PROCESSES_PATH}/:processId/*`, component: (area) => area.ProcessAreaPage },
    { path: `${FINANCE_PATH}/outbox`, component: (area) => area.OutboxPage, paletteLabel: 'Outbox' },
    { path: `${FINANCE_PATH}/audits`, component: (area) => area.AuditLogPage, paletteLabel: 'Audit Log' },
    { path: `${FINANCE_PATH}/jobs`, component: (area) => area.JobsPage, paletteLabel: 'Jobs' },
  ],
  menu: { label: 'Finance', to: PROCESSES_PATH },
});
