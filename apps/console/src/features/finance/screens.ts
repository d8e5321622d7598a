import { defineArea } from '../../shared/screens/define-area';
import { PROCESSES_TITLE } from './titles';
import {
  AUDITS_PATH,
  FINANCE_PATH,
  JOBS_PATH,
  OUTBOX_PATH,
  PROCESSES_API_PATH,
  PROCESSES_PATH,
} from './paths';
import { PROCESSES_PAGE_SIZE } from './processes/constants';

export const FINANCE_SCREENS = defineArea({
  permissions: ['VIEW_PROCESSES'],
  load: () => import('./routes'),
  screens: [
    { path: FINANCE_PATH, redirectTo: PROCESSES_PATH },
    {
      path: PROCESSES_PATH,
      component: (area) => area.ProcessesPage,
      paletteLabel: 'Processes',
      shell: {
        heading: PROCESSES_TITLE,
        // The first page, as the screen asks for it when the address names none.
        earlyCalls: [
          { api: 'reconApi', path: PROCESSES_API_PATH, query: { offset: 0, limit: PROCESSES_PAGE_SIZE } },
        ],
      },
    },
    { path: `${PROCESSES_PATH}/:processId/*`, component: (area) => area.ProcessAreaPage },
    {
      path: `${PROCESSES_PATH}/:processId/approvals/:actionId`,
      permissions: ['VIEW_ACTIONS'],
      component: (area) => area.ApprovalDetailPage,
    },
    { path: OUTBOX_PATH, component: (area) => area.OutboxPage, paletteLabel: 'Outbox' },
    {
      path: AUDITS_PATH,
      // The platform answers the audit log with VIEW_AUDITS only.
      permissions: ['VIEW_AUDITS'],
      component: (area) => area.AuditLogPage,
      paletteLabel: 'Audit Log',
    },
    { path: JOBS_PATH, component: (area) => area.JobsPage, paletteLabel: 'Jobs' },
  ],
  // Specification 1, section 1: finance offers processes, outbox, audit log and jobs.
  menu: {
    label: 'Finance',
    to: PROCESSES_PATH,
    children: [
      { label: 'Processes', to: PROCESSES_PATH, permissions: ['VIEW_PROCESSES'] },
      { label: 'Outbox', to: OUTBOX_PATH, permissions: ['VIEW_PROCESSES'] },
      { label: 'Audit Log', to: AUDITS_PATH, permissions: ['VIEW_PROCESSES', 'VIEW_AUDITS'] },
      { label: 'Jobs', to: JOBS_PATH, permissions: ['VIEW_PROCESSES'] },
    ],
  },
});
