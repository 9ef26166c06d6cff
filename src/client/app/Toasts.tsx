import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where toasts show (docs/SPEC.md section 8): top right, at most four at once. */
export default function Toasts() {
  return <Notifications position="top-right" limit={4} />;
}
