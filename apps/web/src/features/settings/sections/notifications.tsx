import { Card } from '../../../components/ui/card';
import { NotificationSettingsForm } from '../components/notification-settings-form';

/** Settings → Notifications: per-type switches, whose actions count, and the daily email. */
export function NotificationsSection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-notifications-title">
      <h2 id="settings-notifications-title">Notifications</h2>
      <NotificationSettingsForm />
    </Card>
  );
}
