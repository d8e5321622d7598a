export const PROCESSES_TITLE = 'Processes';
