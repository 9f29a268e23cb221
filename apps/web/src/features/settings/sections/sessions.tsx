import { Card } from '../../../components/ui/card';
import { SessionList } from '../components/session-list';

/** Settings → Sessions & devices. */
export function SessionsSection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-sessions-title">
      <h2 id="settings-sessions-title">Sessions & devices</h2>
      <p>
        Where you are signed in. Signing a session out takes effect at once: that browser has to log
        in again.
      </p>
      <SessionList />
    </Card>
  );
}
