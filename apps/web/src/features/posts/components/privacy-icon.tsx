import type { PostPrivacy } from '@kindred/contracts';
import { PRIVACY_LABELS } from '../lib/privacy';
import { GlobeIcon, LockIcon, PeopleIcon } from './icons';
import styles from './author-line.module.css';

const ICONS = { public: GlobeIcon, followers: PeopleIcon, private: LockIcon } as const;

/** Who can see a post: an icon named Public, Followers or Private. */
export function PrivacyIcon({ privacy }: { privacy: PostPrivacy }) {
  const Icon = ICONS[privacy] ?? GlobeIcon;
  const label = PRIVACY_LABELS[privacy] ?? PRIVACY_LABELS.public;
  return (
    <span className={styles.privacyIcon} role="img" aria-label={label} title={label}>
      <Icon size={15} />
    </span>
  );
}
