export const MAPS_TITLE = 'Maps';
