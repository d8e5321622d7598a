export const HOME_TITLE = 'Home';
export const TPS_TODAY_TITLE = 'Messages per Second Today';
export const COUNT_TODAY_TITLE = 'Total Messages Processed Today';
