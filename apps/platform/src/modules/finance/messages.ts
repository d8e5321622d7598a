import { ERROR_CODES } from '@web-control/contract/errors';
import type { TransactionAction } from '@web-control/contract/finance-results';
import { AppError } from '../../errors.ts';

/**
 * Loads of one approval that may start: one whose instance dies each time (e.g. out of memory)
 * ends in ERROR at the next try instead of being resumed for good.
 */
export const FINANCE_LOAD_MAX_ATTEMPTS = 3;

/**
 * An approved load still in FILTER after this long never committed (its instance died or the
 * load failed): the resume job loads it again. Longer than any load takes, so a load in progress
 * on another instance is left alone.
 */
export const LOAD_RESUME_AFTER_MS = 2 * 60_000;

/** The job that loads again the files whose approved load never committed. */
export const FILE_LOAD_RESUME_JOB = 'file-load-resume';

const PAST_TENSE: Record<TransactionAction, string> = {
  accept: 'accepted',
  reject: 'rejected',
  resolve: 'resolved',
};

export const FINANCE_MESSAGES = {
  noProcess: 'No process found',
  noFile: 'This file does not exist.',
  noAction: 'This action does not exist.',
  noMatch:
    "The uploaded file didn't match any configured processes. Please make sure the file is named correctly.",
  noPartyMatch: (process: string) => `The file name does not match any party of ${process}.`,
  alreadyLoaded: 'This file has already been uploaded to this process.',
  nameInInbox: (fileName: string) =>
    `A file named ${fileName} is already in this process's inbox: roll it back, or reject its load, before sending it again.`,
  tooLarge: (maxBytes: number) => `The file is larger than the limit of ${maxBytes} bytes.`,
  notLoaded: 'Only a file that is LOADED or in ERROR can be rolled back.',
  notInError: 'Only a file in ERROR can be reloaded.',
  notRegistered: 'This file is no longer waiting to be loaded.',
  actionPending: 'An action on this file is already waiting for approval.',
  noFileBody: 'Please send the file itself as the request body (any content type but JSON).',
  emptyFile: 'The file is empty: there is nothing to load.',
  unknownParty: 'Please choose a party of this process as the correct one.',
  noTransactions: (count: number) =>
    count === 1
      ? 'One of the selected transactions does not exist in this process (or its date differs).'
      : `${count} of the selected transactions do not exist in this process (or their dates differ).`,
  notAllowed: (action: TransactionAction, count: number) =>
    `${count} of the selected transactions cannot be ${PAST_TENSE[action]} in their current status.`,
  noneAllowed: (action: TransactionAction) =>
    `None of the filtered transactions can be ${PAST_TENSE[action]} in their current status.`,
  pendingAction: (count: number) =>
    count === 1
      ? '1 of the selected transactions already has an action waiting for approval.'
      : `${count} of the selected transactions already have an action waiting for approval.`,
  allPending: (action: TransactionAction) =>
    `Every filtered transaction that can be ${PAST_TENSE[action]} already has an action waiting for approval.`,
  setChanged:
    'The transactions of this action have changed since it was requested. Reject it and request the action again.',
  tokenInvalid: 'This download link is not valid or has expired. Please start the download again.',
  noExtract: 'This extract does not exist.',
  loadFailed: (reason: string) => `The file could not be loaded: ${reason}`,
  loadNeverFinished: `The file's load did not finish in ${FINANCE_LOAD_MAX_ATTEMPTS} attempts.`,
} as const;

/** The catalogue's code for a process that does not exist, which the console answers with its modal. */
export function noProcessFound(): AppError {
  return new AppError(404, ERROR_CODES.noProcessFound, FINANCE_MESSAGES.noProcess);
}
