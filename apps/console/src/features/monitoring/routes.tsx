// The area's lazily loaded route module: one chunk for its screens.
export { HealthOverviewPage } from './health-overview/health-overview-page';
export { NodeViewPage } from './node-view/node-view-page';
