import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import { lazyModalContent } from '../../../shared/modals/preload';
import type { UploadFileInput } from '../api/upload-file';

const UploadModalContent = lazyModalContent(async () => (await import('./upload-modal')).UploadModalContent);

export const UPLOAD_TITLE = 'Upload File';

/** Chooses a file, its processes and the action comment; answers what to upload. */
export const uploadModal: ModalDefinition<undefined, UploadFileInput> = {
  type: 'finance-upload',
  title: () => UPLOAD_TITLE,
  Content: UploadModalContent,
};
