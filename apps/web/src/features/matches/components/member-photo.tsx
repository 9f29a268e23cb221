import { clsx } from 'clsx';
import styles from './member-photo.module.css';

export interface MemberPhotoProps {
  name: string;
  src: string | null;
  size?: 'sm' | 'lg';
  /** The alternative text; by default decorative (the name is written next to it). */
  alt?: string;
}

/** A member's main photo, or their initial when they have none. */
export function MemberPhoto({ name, src, size = 'sm', alt = '' }: MemberPhotoProps) {
  const className = clsx(styles.photo, styles[size]);
  if (src) return <img className={className} src={src} alt={alt} loading="lazy" />;
  return (
    <span
      className={className}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
    >
      {name.charAt(0).toUpperCase() || '?'}
    </span>
  );
}
