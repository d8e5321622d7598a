import { Center, Loader, Modal, Text } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { MODAL_DEFINITIONS, type ModalContentProps } from './modal-components';
import type { ModalRequest } from './modal-queue';
import { closeModal, submitModal, useModalQueue } from './modal-store';
import type { ModalType } from './modal-types';

function isKnownType(type: string): type is ModalType {
  return Object.hasOwn(MODAL_DEFINITIONS, type);
}

function VisibleModal({ request }: { request: ModalRequest }) {
  const { id, type, submitting, submitError } = request;
  if (!isKnownType(type)) {
    console.error(`Unknown modal type: ${type}`);
    return null;
  }
  // The queue stores params as unknown; openModal typed them against this same type.
  const definition = MODAL_DEFINITIONS[type] as unknown as {
    title: (params: unknown) => string;
    Content: ComponentType<ModalContentProps<ModalType>>;
  };
  const { Content } = definition;
  const dismiss = () => {
    if (!submitting) closeModal(id);
  };
  return (
    <Modal
      opened
      onClose={dismiss}
      title={definition.title(request.params)}
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
      withCloseButton={!submitting}
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's <header> inside the dialog would count as a second banner landmark of the page.
      attributes={{ header: { role: 'none' } }}
      centered
    >
      <Suspense
        fallback={
          <Center p="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        }
      >
        <Content
          params={request.params as never}
          submitting={submitting}
          answer={(result) => closeModal(id, result)}
          submit={(submission) => void submitModal(id, submission)}
          dismiss={dismiss}
        />
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
  const queue = useModalQueue();
  const visible = queue.at(-1);
  return visible ? <VisibleModal key={visible.id} request={visible} /> : null;
}
