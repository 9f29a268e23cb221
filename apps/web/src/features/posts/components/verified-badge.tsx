import { PhotoVerifiedMark } from '../../photo-verification';
import { CheckBadgeIcon } from './icons';
import styles from './author-line.module.css';

/** The badge shown next to a verified member's name (SPEC §1 verifiedBadge). */
export function VerifiedBadge() {
  return (
    <span className={styles.verifiedBadge} role="img" aria-label="Verified" title="Verified">
      <CheckBadgeIcon />
    </span>
  );
}

/**
 * Every mark a member's name carries: the verified badge (email, authenticator and phone) and the
 * photo-verified mark (a selfie matched their photos). Put it beside a name wherever one shows.
 */
export function MemberMarks({
  member,
}: {
  member: { verifiedBadge?: boolean; photoVerified?: boolean };
}) {
  return (
    <>
      {member.verifiedBadge ? <VerifiedBadge /> : null}
      {member.photoVerified ? <PhotoVerifiedMark /> : null}
    </>
  );
}
