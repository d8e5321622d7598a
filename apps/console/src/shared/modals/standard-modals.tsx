import { Button, Group, Text } from '@mantine/core';
import type { ModalContentProps, ModalDefinition } from './modal-definition';

export const CONFIRM_TITLE = 'Are You Sure?';
export const NOTIFICATION_TITLE = 'Notification';

interface ConfirmParams {
  title?: string;
  text: string;
  confirmLabel?: string;
}

function ConfirmContent({ params, answer, submitting }: ModalContentProps<ConfirmParams, boolean>) {
  return (
    <>
      <Text>{params.text}</Text>
      <Group justify="flex-end" mt="lg">
        {/* The safe answer has the focus: an Enter meant for the page behind never confirms. */}
        <Button variant="default" onClick={() => answer(false)} disabled={submitting} data-autofocus>
          Cancel
        </Button>
        <Button color="orange" onClick={() => answer(true)} loading={submitting}>
          {params.confirmLabel ?? 'Okay'}
        </Button>
      </Group>
    </>
  );
}

/** The warning-type confirmation: Okay answers true, Cancel false. */
export const confirmModal: ModalDefinition<ConfirmParams, boolean> = {
  type: 'confirm',
  title: (params) => params.title ?? CONFIRM_TITLE,
  Content: ConfirmContent,
};

interface AlertParams {
  title: string;
  text: string;
  buttonLabel?: string;
}

function AlertContent({ params, answer }: ModalContentProps<AlertParams, undefined>) {
  return (
    <>
      <Text>{params.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => answer(undefined)} data-autofocus>
          {params.buttonLabel ?? 'OK'}
        </Button>
      </Group>
    </>
  );
}

export const alertModal: ModalDefinition<AlertParams, undefined> = {
  type: 'alert',
  title: (params) => params.title,
  Content: AlertContent,
};

interface NotificationParams {
  title?: string;
  text: string;
}

function NotificationContent({ params, answer }: ModalContentProps<NotificationParams, undefined>) {
  return (
    <>
      <Text>{params.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={() => answer(undefined)} data-autofocus>
          OK
        </Button>
      </Group>
    </>
  );
}

export const notificationModal: ModalDefinition<NotificationParams, undefined> = {
  type: 'notification',
  title: (params) => params.title ?? NOTIFICATION_TITLE,
  Content: NotificationContent,
};
