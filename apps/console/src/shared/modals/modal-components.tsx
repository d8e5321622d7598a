import { Button, Group, Text } from '@mantine/core';
import { lazy, type ComponentType } from 'react';
import type { ModalParams, ModalResult, ModalType } from './modal-types';

export const CONFIRM_TITLE = 'Are You Sure?';
export const NOTIFICATION_TITLE = 'Notification';

export interface ModalContentProps<T extends ModalType> {
  params: ModalParams<T>;
  submitting: boolean;
  /** Answers the caller and closes the modal. */
  answer: (result: ModalResult<T>) => void;
  /** Runs an asynchronous submission; its failure is shown beneath the buttons. */
  submit: (submission: () => Promise<ModalResult<T>>) => void;
  dismiss: () => void;
}

interface ModalDefinition<T extends ModalType> {
  title: (params: ModalParams<T>) => string;
  Content: ComponentType<ModalContentProps<T>>;
}

type ModalDefinitions = { [T in ModalType]: ModalDefinition<T> };

// An area's modals load when first opened, not with every page.
const ReceiverActiveContent = lazy(async () => ({
  default: (await import('./receiver-modals')).ReceiverActiveContent,
}));
const ReceiverWeightContent = lazy(async () => ({
  default: (await import('./receiver-modals')).ReceiverWeightContent,
}));

export const MODAL_DEFINITIONS: ModalDefinitions = {
  confirm: {
    title: (params) => params.title ?? CONFIRM_TITLE,
    Content: ({ params, answer, submitting }) => (
      <>
        <Text>{params.text}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => answer(false)} disabled={submitting}>
            Cancel
          </Button>
          <Button color="orange" onClick={() => answer(true)} loading={submitting} data-autofocus>
            {params.confirmLabel ?? 'Okay'}
          </Button>
        </Group>
      </>
    ),
  },
  alert: {
    title: (params) => params.title,
    Content: ({ params, answer }) => (
      <>
        <Text>{params.text}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => answer(undefined)} data-autofocus>
            {params.buttonLabel ?? 'OK'}
          </Button>
        </Group>
      </>
    ),
  },
  notification: {
    title: (params) => params.title ?? NOTIFICATION_TITLE,
    Content: ({ params, answer }) => (
      <>
        <Text>{params.text}</Text>
        <Group justify="flex-end" mt="lg">
          <Button onClick={() => answer(undefined)} data-autofocus>
            OK
          </Button>
        </Group>
      </>
    ),
  },
  'receiver-active': {
    title: () => CONFIRM_TITLE,
    Content: ReceiverActiveContent,
  },
  'receiver-weight': {
    title: (params) => `Adjust the weight of ${params.receiver.name}`,
    Content: ReceiverWeightContent,
  },
};
