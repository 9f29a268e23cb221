import type { AuthorSummary } from '@kindred/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { VerifiedBadge } from './verified-badge';

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
    <span className={`author author--${size}`}>
      <Avatar author={author} name={name} />
      {author ? (
        <Link className="author__name" to={paths.viewProfile(author._id)}>
          {name}
        </Link>
      ) : (
        <span className="author__name author__name--placeholder">{name}</span>
      )}
      {author?.verifiedBadge ? <VerifiedBadge /> : null}
    </span>
  );
}

function Avatar({ author, name }: { author: AuthorSummary | null; name: string }) {
  if (author?.profilePicture) {
    return <img className="author__avatar" src={author.profilePicture} alt="" loading="lazy" />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return (
    <span className="author__avatar author__avatar--initials" aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
