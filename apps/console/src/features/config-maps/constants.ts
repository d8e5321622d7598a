/**
 * The configuration maps area's texts and constants (specification 3, sections 2, 5, 8 and 9).
 * Every text the specification quotes is written here once, exactly as quoted.
 */
import { OWN_CHANGES_REVIEW_MESSAGE } from '@web-control/contract/approvals';
import { MAPS_TITLE } from './titles';

/** Map list auto-refresh 500 ms after opening when empty (section 9). */
export const EMPTY_MAPS_REFRESH_MS = 500;
/**
 * While a client is catching up with a push the map list refreshes this often (the spec has only
 * Refresh; without it "All clients up to date" would never appear on its own).
 */
export const CATCH_UP_REFRESH_MS = 5_000;
/** Typing a key or value prefix asks the platform once the typing pauses this long. */
export const MAPPING_FILTER_DEBOUNCE_MS = 300;
/** Version ids show as their first 6 characters (section 9). */
export const VERSION_ID_SHOWN_LENGTH = 6;

export const MAPS_TEXTS = {
  title: MAPS_TITLE,
  submittedOn: (date: string) => `Changes submitted for approval on ${date}`,
  appliedOn: (date: string) => `Changes applied on ${date}`,
  empty: 'No maps match your query',
  createMap: 'Create Map',
  pushChanges: 'Push Changes',
  refresh: 'Refresh',
  clients: 'Clients',
  clientsOf: (mapId: string) => `Clients of ${mapId}`,
  pushConfirm: 'Push the applied version of every map to the clients that subscribe to it?',
} as const;

/** The card's summary, in the specification's priority order (section 2). */
export const CLIENT_SUMMARY_TEXTS = {
  none: 'No clients subscribed',
  rejected: 'Client failed to apply changes',
  tooOld: 'Client took too long to apply changes',
  pending: 'Client has pending changes',
  upToDate: 'All clients up to date',
} as const;

/** One client's status in the expander (section 2). */
export const CLIENT_STATUS_TEXTS = {
  rejected: 'Changes rejected',
  tooOld: 'Took too long to apply changes',
  pending: 'Pending changes to be applied',
  upToDate: 'Up to date',
} as const;

export const MAPPINGS_TEXTS = {
  title: 'Mappings',
  mapMissing: (mapId: string) => `Can not find the map for ${mapId}`,
  correctPrefix: 'Correct the prefix to see mappings.',
  /** A whole card number is never searched (nor kept in the address); a BIN range's keys are its first digits. */
  cardNumberPrefix: 'A card number is never searched: give its first digits, such as its BIN.',
  viewing: 'Viewing',
  editing: 'Editing',
  viewingDescription: 'View the applied mappings',
  editingDescription: 'Edit the mappings',
  mode: 'Mode',
  refresh: 'Refresh',
  download: 'Download',
  upload: 'Upload',
  submit: 'Submit',
  keyPrefix: 'Key prefix',
  valuePrefix: 'Value prefix',
  view: 'View',
  clear: 'Clear',
  key: 'Key',
  value: 'Value',
  newKey: 'New key',
  newValue: 'New value',
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  first: 'First',
  previous: 'Previous',
  next: 'Next',
  empty: 'This map does not contain any mappings at this version.',
  previousValue: 'Previous value',
  editInline: (key: string) => `, edit the value of ${key} inline`,
  deleteConfirm: (key: string) =>
    `Delete the mapping with key '${key}'? The deletion waits for review like every change.`,
  uploadConfirm: (fileName: string, mapName: string) =>
    `Upload '${fileName}'? It replaces every mapping of ${mapName} with the file's, as changes for review.`,
  submitTitle: 'Submit for Review',
  submitText: 'Submit every unsubmitted change of this map for review.',
  downloadAs: (format: string) => format.toUpperCase(),
  downloadFormat: 'Download as',
  /** A prefix filter that matches nothing: the map is not empty, the filter is. */
  noMatch: 'No mappings match the filter.',
} as const;

export const MAPPING_VIEWS = {
  all: 'All Mappings',
  changes: 'All Changes',
  unsubmitted: 'Unsubmitted Changes',
} as const;
export type MappingView = keyof typeof MAPPING_VIEWS;

export const APPROVALS_TEXTS = {
  title: 'Map Approvals',
  latestSubmittedOn: (date: string) => `Latest changes submitted on ${date}`,
  submittedVersions: 'Submitted Versions',
  emptyReview:
    'No mapping changes are included in this review. Approving will result in an empty map being submitted to the Switch.',
  empty: 'No maps match your query',
  approve: 'Approve',
  reject: 'Reject',
  rejectDiscardsUnsubmitted:
    'This map also has changes made since this review was submitted and not yet submitted: rejecting discards them too.',
  ownChanges: OWN_CHANGES_REVIEW_MESSAGE,
  review: 'Review',
  /** A link's map (a stale inbox row, a shared link) with nothing waiting for review when the page opened. */
  linkedNotWaiting: (map: string) =>
    `Map ${map} has no changes waiting for review: it was decided already, or nothing was submitted.`,
  showFullValue: (key: string) => `, show the full value of ${key}`,
} as const;

/** Form fields (section 5). */
export const COMMENT_REQUIRED = 'Comment (Required)';

/** " (503)"; nothing when no answer came (a timeout or a network failure). */
function statusSuffix(status: number | undefined): string {
  return status === undefined ? '' : ` (${status})`;
}

/** The error catalogue and success toasts (section 8). */
export const CONFIG_MESSAGES = {
  retrieveFailed: (status: number | undefined) =>
    `Could not retrieve maps${statusSuffix(status)}. Contact support if this persists.`,
  mapCreateFailed: (status: number | undefined) =>
    `Something went wrong and the map was not created${statusSuffix(status)}. Contact support if this persists.`,
  mappingCreateFailed: (status: number | undefined) =>
    `Something went wrong and the mapping was not created${statusSuffix(status)}. Contact support if this persists.`,
  mappingDeleteFailed: (key: string) => `Mapping with key '${key}' could not be deleted. Please try again.`,
  mappingEditFailed: 'The mapping was not successfully edited.',
  submitFailed: 'Something went horribly wrong.',
  uploadFailed: 'The file was not successfully uploaded and mappings were not affected.',
  downloadFailed: 'Something went wrong while downloading the file. Please try again.',
  reviewFailed: (status: number | undefined) =>
    `Something went wrong while submitting the review${statusSuffix(status)}. Please try again.`,
  // The success texts are not given except the submit one (section 8); these say what happened.
  mapCreated: (name: string) => `Map '${name}' created successfully.`,
  mappingCreated: (key: string) => `Mapping with key '${key}' created successfully.`,
  mappingDeleted: (key: string) => `Mapping with key '${key}' deleted successfully.`,
  mappingUpdated: (key: string) => `Mapping with key '${key}' updated successfully.`,
  submitted: 'Mapping changes successfully submitted for review.',
  uploaded: (fileName: string) => `File '${fileName}' uploaded successfully.`,
  reviewed: (approved: boolean) =>
    approved ? 'Changes approved successfully.' : 'Changes rejected successfully.',
  pushed: 'Changes pushed to the clients successfully.',
  pushFailed: (status: number | undefined) =>
    `Something went wrong and the changes were not pushed${statusSuffix(status)}. Contact support if this persists.`,
  /** A 409 on an edit: someone else changed the value first; the typed value is kept. */
  editConflict: (key: string) =>
    `The mapping with key '${key}' was changed by someone else. Your value is kept: check the current value and save again.`,
  editConflictCurrent: (value: string) => `Its value is now '${value}'. Saving replaces it with yours.`,
  editConflictDeleted: 'It has been deleted since, so it can no longer be edited.',
} as const;

/** The fields of the create-map modal and of the add-mapping row: a refusal naming them is said there. */
export const MAP_FORM_FIELDS = ['id', 'name'] as const;
export const MAPPING_FORM_FIELDS = ['key', 'value'] as const;
