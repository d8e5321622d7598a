import '../ui/all-styles';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { visibleModal, type ModalRequest } from './modal-queue';
import { closeModal, leavePageModals, takeOpener, useModalQueue, type ModalView } from './modal-store';

function VisibleModal({ request }: { request: ModalRequest<ModalView> }) {
  const { id, view, submitting, submitError, outdated } = request;
  const dismiss = () => {
    if (!submitting) closeModal(id);
  };
  return (
    <Modal
      opened
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

/** Shows the last modal of the queue; the others wait behind it. */
export function ModalHost() {
  const visible = visibleModal(useModalQueue());
  // Back and Forward leave the page a modal was asked on; the console's own navigation waits for it.
  useEffect(() => {
    window.addEventListener('popstate', leavePageModals);
    return () => window.removeEventListener('popstate', leavePageModals);
  }, []);
  // The last modal closed: the focus goes back to what opened the first, if it is still on the page
  // and nothing else took the focus (Mantine returns it only from a modal it closes, not one removed).
  const open = visible !== undefined;
  useEffect(() => {
    if (open) return;
    const element = takeOpener();
    if (element?.isConnected && document.activeElement === document.body) element.focus();
  }, [open]);
  return visible ? <VisibleModal key={visible.id} request={visible} /> : null;
}
