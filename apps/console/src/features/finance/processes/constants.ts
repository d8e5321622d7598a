/** Specification 2, section 9. */
export const PROCESSES_PAGE_SIZE = 10;

export const PROCESSES_MESSAGES = {
  listFailed: 'Could not retrieve list of processes. Please try again or contact support.',
  listEmpty: 'No processes found. Please contact support.',
  snapshotFailed: 'Could not retrieve process statistics. Please try again or contact support.',
} as const;

/** A party's last upload today: its time alone read as the time of the file the counts came from. */
export const lastUploadText = (time: string) => `Last upload ${time}`;

export const SNAPSHOT_SECTIONS = {
  files: "Today's Files",
  recon: "Today's Recon Stats",
  settlement: "Today's Settlement Value",
} as const;
