import '../ui/all-styles';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { giveFocusBack } from '../focus/give-focus-back';
import { useAccount } from '../session/session-state';
import { visibleModal, type ModalRequest } from './modal-queue';
import {
  closeModal,
  focusGivenBack,
  leavePageModals,
  takeOpener,
  useModalQueue,
  type ModalView,
} from './modal-store';

function QueuedModal({ request, opened }: { request: ModalRequest<ModalView>; opened: boolean }) {
  const { id, view, submitting, submitError, outdated } = request;
  const dismiss = () => {
    if (!submitting) closeModal(id);
  };
  return (
    <Modal
      opened={opened}
      // Behind a question asked in front of it (whether to leave), what was typed in it stays, and
      // so does its form's guard: hidden by style, not Activity, which would run its effects' cleanup.
      keepMounted
      keepMountedMode="display-none"
      onClose={dismiss}
      title={view.title}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      withCloseButton={!submitting}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's <header> inside the dialog would count as a second banner landmark of the page.
      attributes={{ header: { role: 'none' } }}
      centered
    >
      {/* An area's own modal content loads when the modal first opens. */}
      <Suspense
        fallback={
          <Center p="md">
            <Loader size="sm" role="progressbar" aria-label="Loading" />
          </Center>
        }
      >
        {view.render({ submitting, outdated, dismiss })}
      </Suspense>
      {submitError ? (
        <Text c="red" size="sm" mt="sm" role="alert">
          {submitError}
        </Text>
      ) : null}
    </Modal>
  );
}

/**
 * Shows the last modal of the queue; the others wait behind it, those already shown kept as they
 * were (hidden, their forms as typed).
 */
export function ModalHost() {
  const queue = useModalQueue();
  const visible = visibleModal(queue);
  // The session ended (signed out here or in another tab, or refused): the page's modals go with
  // it rather than stay over the sign-in form, their changes refused. A modal opened signed out stays.
  const { isAuthenticated } = useAccount();
  const wasAuthenticated = useRef(isAuthenticated);
  useEffect(() => {
    if (wasAuthenticated.current && !isAuthenticated) leavePageModals({ submitting: true });
    wasAuthenticated.current = isAuthenticated;
  }, [isAuthenticated]);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  if (visible !== undefined && !shown.has(visible.id)) {
    setShown(new Set([...queue.map((request) => request.id).filter((id) => shown.has(id)), visible.id]));
  }
  // The last modal closed: the focus goes back to what opened the first, if it is still on the page
  // and nothing else took the focus (Mantine returns it only from a modal it closes, not one removed).
  const open = visible !== undefined;
  useEffect(() => {
    if (open) return;
    const element = takeOpener();
    if (!element?.isConnected) return;
    // Given back, by the host or by Mantine: a modal that follows may give it back there too.
    giveFocusBack(element, focusGivenBack);
  }, [open]);
  return queue
    .filter((request) => request === visible || shown.has(request.id))
    .map((request) => <QueuedModal key={request.id} request={request} opened={request === visible} />);
}
