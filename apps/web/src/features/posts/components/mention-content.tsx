import type { MentionedMember } from '@kindred/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { splitMentions } from '../lib/mentions';
import { clsx } from 'clsx';
import styles from './comments.module.css';

/**
 * Comment text with its @mentions shown as "@Name" links to the member's profile. A mention of
 * someone the API does not list (their account is disabled or gone) stays plain "@Name".
 */
export function MentionContent({
  content,
  mentions,
}: {
  content: string;
  mentions?: readonly MentionedMember[];
}) {
  return (
    <>
      {splitMentions(content, mentions).map((piece, index) => {
        if (piece.kind === 'text') return <span key={index}>{piece.text}</span>;
        const name = piece.member
          ? `${piece.member.firstName} ${piece.member.lastName}`.trim() || piece.name
          : piece.name;
        return piece.member ? (
          <Link key={index} className={styles.mention} to={paths.viewProfile(piece.member._id)}>
            @{name}
          </Link>
        ) : (
          <span key={index} className={clsx(styles.mention, styles.mentionInactive)}>
            @{name}
          </span>
        );
      })}
    </>
  );
}
