import { Button } from '@mantine/core';
import { openModal } from '../../../shared/modals/modal-store';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { useUploadFile } from '../api/upload-file';
import { uploadModal } from './upload-modal-definition';

export const UPLOAD_BUTTON_LABEL = 'Upload';
const UPLOAD_MODALS = [uploadModal];

export function UploadButton() {
  const upload = useUploadFile();
  usePreloadModalsWhenIdle(UPLOAD_MODALS);
  async function chooseAndUpload() {
    await openModal(uploadModal, { upload: (input) => upload.mutateAsync(input) });
  }
  return (
    <Button
      onClick={() => void chooseAndUpload()}
      loading={upload.isPending}
      {...preloadModalsOnIntent(UPLOAD_MODALS)}
    >
      {UPLOAD_BUTTON_LABEL}
    </Button>
  );
}
