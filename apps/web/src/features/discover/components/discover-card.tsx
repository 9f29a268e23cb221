import type { DiscoverMember } from '@kindred/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { imageSources } from '../../../lib/media-sources';
import { paths } from '../../../lib/paths';
import { MemberMarks } from '../../posts';
import styles from './discover-card.module.css';

/** A card's width: one column on a phone, a grid of 14rem-or-wider cards on a larger screen. */
const DISCOVER_PHOTO_SIZES = '(min-width: 48rem) 20rem, 100vw';

export interface DiscoverCardProps {
  member: DiscoverMember;
  /** Which of the two is on its way (both buttons wait). */
  busy: 'like' | 'pass' | null;
  onLike: () => void;
  onPass: () => void;
}

/**
 * One member in Discover: main photo, first name and age with the name's marks (verified badge,
 * photo-verified), city and rounded distance ("about 5 km"), the interests in common, Like and Pass.
 */
export function DiscoverCard({ member, busy, onLike, onPass }: DiscoverCardProps) {
  const name = member.firstName;
  const place = [member.city, member.distance?.text].filter(Boolean).join(' · ');
  return (
    <article className={styles.card} aria-label={`${name}, ${member.age}`}>
      <div className={styles.photoFrame}>
        {member.photo ? (
          <img
            className={styles.photo}
            {...imageSources(member.photo, DISCOVER_PHOTO_SIZES, null)}
            alt={`Photo of ${name}`}
            loading="lazy"
          />
        ) : (
          <span className={styles.noPhoto} role="img" aria-label={`${name} has no photo`}>
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        {member.boosted ? <span className={styles.boosted}>Boosted</span> : null}
      </div>
      <div className={styles.body}>
        <h2 className={styles.name}>
          <Link to={paths.viewProfile(member._id)}>
            {name}, {member.age}
          </Link>
          <MemberMarks member={member} />
        </h2>
        {place ? <p className={styles.place}>{place}</p> : null}
        {member.interestsInCommon.length > 0 ? (
          <div className={styles.interests}>
            <span className={styles.interestsLabel}>Interests in common</span>
            <ul className={styles.chips} aria-label={`Interests you share with ${name}`}>
              {member.interestsInCommon.map((interest) => (
                <li key={interest} className={styles.chip}>
                  {interest}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          fullWidth
          loading={busy === 'pass'}
          disabled={busy !== null}
          aria-label={`Pass on ${name}`}
          onClick={onPass}
        >
          Pass
        </Button>
        <Button
          fullWidth
          loading={busy === 'like'}
          disabled={busy !== null}
          aria-label={`Like ${name}`}
          onClick={onLike}
        >
          Like
        </Button>
      </div>
    </article>
  );
}
