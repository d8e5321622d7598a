import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyComponent } from '../../../shared/lazy-component';
import type { UploadFileInput } from '../api/upload-file';

const UploadModalContent = lazyComponent(async () => (await import('./upload-modal')).UploadModalContent);

export const UPLOAD_TITLE = 'Upload File';

export interface UploadModalParams {
  /** Uploads from the modal, so a refusal stays on it with the choices and the typed comment. */
  upload: (input: UploadFileInput) => Promise<unknown>;
}

/** Chooses a file, its processes and the action comment, and uploads it; answers true once done. */
export const uploadModal: ModalDefinition<UploadModalParams, true> = {
  type: 'finance-upload',
  title: () => UPLOAD_TITLE,
  Content: UploadModalContent,
};
