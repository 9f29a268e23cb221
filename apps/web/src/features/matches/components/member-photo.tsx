import { clsx } from 'clsx';
import { thumbnailSources } from '../../../lib/media-sources';
import styles from './member-photo.module.css';

/** A row's picture on screen (3rem). */
const ROW_PHOTO_PX = 48;

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
  if (src) {
    // A row's 3rem picture needs the small thumbnail; the match dialog's large one, the full one.
    const sources = size === 'sm' ? thumbnailSources(src, ROW_PHOTO_PX) : { src };
    return <img className={className} {...sources} alt={alt} loading="lazy" />;
  }
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
