import type { AuthorSummary } from '@kindred/contracts';
import { clsx } from 'clsx';
import styles from './conversation.module.css';

/** The other member's picture, or their initials; decorative beside their name. */
export function MemberPicture({
  member,
  large = false,
}: {
  member: AuthorSummary;
  large?: boolean;
}) {
  const className = clsx(styles.avatar, large && styles.avatarLarge);
  if (member.profilePicture) {
    return <img className={className} src={member.profilePicture} alt="" loading="lazy" />;
  }
  const initials = `${member.firstName.charAt(0)}${member.lastName.charAt(0)}`.toUpperCase();
  return (
    <span className={clsx(className, styles.initials)} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}

export const memberName = (member: AuthorSummary) =>
  `${member.firstName} ${member.lastName}`.trim() || member.firstName;
