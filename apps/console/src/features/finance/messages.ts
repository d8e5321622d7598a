/** The finance area's texts from the specification's error catalogue (specification 2, section 8). */
export const FINANCE_MESSAGES = {
  noProcess: 'No process found',
  processNotFoundTitle: 'Process not found',
  processNotFoundText: 'Please try again or contact support',
  processFailedTitle: 'Unable to get process',
  processFailed: 'Something went wrong while fetching the process. Please try again or contact support',
  inboxFailed: 'Failed to fetch inbox',
  inboxEmpty: 'You have no items in your inbox',
  exceptionsFailed: (status: number | undefined) =>
    status === undefined
      ? 'Exceptions download failed. Contact support if this persists.'
      : `Exceptions download failed (code ${status}). Contact support if this persists.`,
  exceptionsStarted: 'Exceptions download started successfully.',
  downloadFailed: (status: number | undefined) =>
    status === undefined
      ? 'Download initiation failed. Contact support if this persists.'
      : `Download initiation failed (code ${status}). Contact support if this persists.`,
  fileActionRequested: (action: 'rollback' | 'reload', fileName: string) =>
    `${fileName} ${action} requested successfully`,
  fileActionFailed: (action: 'rollback' | 'reload', fileName: string, status: number | undefined) =>
    status === undefined
      ? `Failed to request ${action} of '${fileName}'`
      : `Failed to request ${action} of '${fileName}' (code ${status})`,
  fileNameUnreadable: 'Failed to read the file name, please try again',
  uploadLookupFailed: 'Failed to retrieve file processes, please try again',
  uploadNoMatch:
    "The uploaded file didn't match any configured processes. Please make sure the file is named correctly.",
  uploaded: (fileName: string) => `File '${fileName}' uploaded successfully`,
  // The catalogue's double space before the code is kept as written.
  uploadFailedWithMessage: (errorMessage: string, status: number) =>
    `Failed to upload file. ${errorMessage}  (code ${status})`,
  uploadFailedLoaded: (status: number) =>
    `Failed to upload file, please ensure it isn't already loaded (code ${status})`,
  uploadFailed: 'Failed to upload file, please contact support if this persists.',
  approvalsFailed: 'Failed to retrieve Approvals data',
  approvalsEmpty: 'There are no pending approvals',
  reviewed: 'Action reviewed successfully',
  reviewFailed: (message: string) => `Something went wrong while reviewing the action: ${message}`,
} as const;

export const COMMENT_PLACEHOLDER = 'Comment (required)';
