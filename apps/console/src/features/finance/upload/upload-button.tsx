import { Button } from '@mantine/core';
import { openModal } from '../../../shared/modals/modal-store';
import { useUploadFile } from '../api/upload-file';
import { uploadModal } from './upload-modal-definition';

export const UPLOAD_BUTTON_LABEL = 'Upload';

export function UploadButton() {
  const upload = useUploadFile();
  async function chooseAndUpload() {
    await openModal(uploadModal, { upload: (input) => upload.mutateAsync(input) });
  }
  return (
    <Button onClick={() => void chooseAndUpload()} loading={upload.isPending}>
      {UPLOAD_BUTTON_LABEL}
    </Button>
  );
}
