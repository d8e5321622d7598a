import { lazy } from 'react';
import type { ModalDefinition } from '../../../shared/modals/modal-definition';
import type { UploadFileInput } from '../api/upload-file';

const UploadModalContent = lazy(async () => ({
  default: (await import('./upload-modal')).UploadModalContent,
}));

export const UPLOAD_TITLE = 'Upload File';

/** Chooses a file, its processes and the action comment; answers what to upload. */
export const uploadModal: ModalDefinition<undefined, UploadFileInput> = {
  type: 'finance-upload',
  title: () => UPLOAD_TITLE,
  Content: UploadModalContent,
};
