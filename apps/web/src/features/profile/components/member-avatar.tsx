import { clsx } from 'clsx';
import styles from './member-avatar.module.css';

export interface MemberAvatarProps {
  firstName: string;
  lastName: string;
  src: string | null;
  size?: 'sm' | 'md' | 'xl';
  /** Decorative next to the member's visible name (the default); otherwise named after them. */
  decorative?: boolean;
}

/** A member's picture, or their initials when they have none. */
export function MemberAvatar({
  firstName,
  lastName,
  src,
  size = 'md',
  decorative = true,
}: MemberAvatarProps) {
  const name = `${firstName} ${lastName}`.trim();
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || '?';
  const className = clsx(styles.avatar, styles[size]);
  if (src) {
    return <img className={className} src={src} alt={decorative ? '' : name} loading="lazy" />;
  }
  return (
    <span
      className={className}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
    >
      {initials}
    </span>
  );
}
