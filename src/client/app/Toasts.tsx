import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useEffect } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications, notifications, useNotifications } from '@mantine/notifications';

/** At most this many toasts at once, so they never stack over the page a member is using. */
const TOAST_LIMIT = 2;
const TOAST_AUTO_CLOSE_MS = 4000;

/**
 * Where toasts show: top right on wide screens (docs/SPEC.md section 8), at the bottom on phones,
 * clear of the header and of the thumb's reach for the open page. A new toast beyond the limit
 * replaces the oldest instead of waiting in the queue.
 */
export default function Toasts() {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const { notifications: shown, queue } = useNotifications();
  const oldestId = shown[0]?.id;
  useEffect(() => {
    if (queue.length > 0 && oldestId) notifications.hide(oldestId);
  }, [queue.length, oldestId]);
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-right'}
      limit={TOAST_LIMIT}
      autoClose={TOAST_AUTO_CLOSE_MS}
    />
  );
}
