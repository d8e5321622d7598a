import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** Its own module so that the container loads apart from the toast store the features call. */
export function Toasts(props: NotificationsProps) {
  return <Notifications {...props} />;
}
