// Loaded after the first paint (see App): the toasts' code and styles stay out of the first page.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Where lib/toast's messages appear: top centre, clear of the side bar in both directions. */
export default function Toasts() {
  return <Notifications position="top-center" limit={3} containerWidth={420} zIndex={1000} />;
}
