// The area's lazily loaded route module: one chunk for its screens.
export { MapsPage } from './maps/maps-page';
export { MappingsPage } from './mappings/mappings-page';
export { MapApprovalsPage } from './approvals/map-approvals-page';
