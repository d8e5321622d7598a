export const HEALTH_OVERVIEW_TITLE = 'Health Overview';
