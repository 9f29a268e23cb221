import { Card } from '../../../components/ui/card';
import { RestrictedMembersList } from '../../blocks';

/** Settings → Blocked & muted. */
export function BlockedSection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-blocked-title">
      <h2 id="settings-blocked-title">Blocked & muted</h2>
      <p>
        You and a member you blocked no longer see each other anywhere, and neither can follow,
        mention, comment on or like the other&apos;s posts. A muted member&apos;s posts and comments
        stay out of your feeds; their profile and search are unchanged. Neither is told.
      </p>
      <RestrictedMembersList kind="blocked" />
      <RestrictedMembersList kind="muted" />
    </Card>
  );
}
