import { Button } from '@mantine/core';
import { openModal } from '../../../shared/modals/modal-store';
import { preloadModalsOnIntent, usePreloadModalsWhenIdle } from '../../../shared/modals/preload';
import { useCan } from '../../../shared/session/permissions';
import { useUploadFile } from '../api/upload-file';
import { uploadModal } from './upload-modal-definition';

export const UPLOAD_BUTTON_LABEL = 'Upload';
const UPLOAD_MODALS = [uploadModal];

/** Shown only to users who may upload: the platform takes files with SUBMIT_ACTIONS (spec 0). */
export function UploadButton() {
  const allowed = useCan()('SUBMIT_ACTIONS');
  const upload = useUploadFile();
  usePreloadModalsWhenIdle(UPLOAD_MODALS, allowed);
  async function chooseAndUpload() {
    await openModal(uploadModal, { upload: (input) => upload.mutateAsync(input) });
  }
  if (!allowed) return null;
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
