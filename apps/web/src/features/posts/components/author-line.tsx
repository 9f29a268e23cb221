import type { AuthorSummary } from '@kindred/contracts';
import { Link } from 'react-router';
import { thumbnailSources } from '../../../lib/media-sources';
import { paths } from '../../../lib/paths';
import { MemberMarks } from './verified-badge';
import { clsx } from 'clsx';
import styles from './author-line.module.css';

/** The avatar's size on screen (2.5rem; 1.75rem in the small line). */
const AVATAR_PX = 40;

export interface AuthorLineProps {
  author: AuthorSummary | null;
  /** Shown when there is no author (e.g. "Anonymous User", "Deleted User"). */
  placeholder: string;
  size?: 'sm' | 'md';
}

/** Avatar, name (linking to the profile) and verified badge of a post's or comment's author. */
export function AuthorLine({ author, placeholder, size = 'md' }: AuthorLineProps) {
  const name = author
    ? `${author.firstName} ${author.lastName}`.trim() || placeholder
    : placeholder;
  return (
    <span className={clsx(styles.author, size === 'sm' && styles.authorSm)}>
      <Avatar author={author} name={name} />
      {author ? (
        <Link className={styles.authorName} to={paths.viewProfile(author._id)}>
          {name}
        </Link>
      ) : (
        <span className={clsx(styles.authorName, styles.authorNamePlaceholder)}>{name}</span>
      )}
      {author ? <MemberMarks member={author} /> : null}
    </span>
  );
}

function Avatar({ author, name }: { author: AuthorSummary | null; name: string }) {
  if (author?.profilePicture) {
    return (
      <img
        className={styles.authorAvatar}
        {...thumbnailSources(author.profilePicture, AVATAR_PX)}
        alt=""
        loading="lazy"
      />
    );
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span className={clsx(styles.authorAvatar, styles.authorAvatarInitials)} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
