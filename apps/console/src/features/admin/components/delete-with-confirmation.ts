import { errorMessageOf } from '../../../shared/http/error-message';
import type { ChangeOutcome } from '../../../shared/http/request-change';
import { openModal } from '../../../shared/modals/modal-store';
import { alertModal, confirmModal } from '../../../shared/modals/standard-modals';

export const DELETE_CONFIRM_TITLE = 'Are you sure?';
export const DELETE_CONFIRM_TEXT = 'This action is irreversible';
export const DELETE_FAILED_TEXT = 'Please try again or contact support';

/** The modals a deletion opens, preloaded by the screen that offers it. */
export const DELETE_MODALS = [confirmModal, alertModal];

/**
 * Asks first; on a failure says why in a dialog (the platform's reason for a refusal). Resolves to
 * what became of the deletion (with FOUR_EYES=admin, a request), or undefined when none was made.
 */
export async function deleteWithConfirmation(
  remove: () => Promise<ChangeOutcome>,
  failureTitle: string,
): Promise<ChangeOutcome | undefined> {
  const confirmed = await openModal(confirmModal, { title: DELETE_CONFIRM_TITLE, text: DELETE_CONFIRM_TEXT });
  if (!confirmed) return undefined;
  try {
    return await remove();
  } catch (error) {
    await openModal(alertModal, { title: failureTitle, text: errorMessageOf(error, DELETE_FAILED_TEXT) });
    return undefined;
  }
}
