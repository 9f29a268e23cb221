import type { MemberCard } from '@kindred/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { MemberMarks } from '../../posts';
import { MemberPhoto } from './member-photo';
import styles from './member-row.module.css';

/** "29 · Porto": what a dating card says beside the name (age and city, when known). */
export function memberDetails(member: Pick<MemberCard, 'age' | 'city'>): string {
  return [member.age, member.city].filter((part) => part !== null && part !== '').join(' · ');
}

/**
 * One member of a matches-page list: photo, first name (to their profile) and its marks, age and
 * city, when (`note`), and the row's actions.
 */
export function MemberRow({
  member,
  note,
  actions,
}: {
  member: MemberCard;
  note?: ReactNode;
  actions?: ReactNode;
}) {
  const details = memberDetails(member);
  return (
    <li className={styles.row}>
      <MemberPhoto name={member.firstName} src={member.profilePicture} size="sm" />
      <div className={styles.text}>
        <Link className={styles.name} to={paths.viewProfile(member._id)}>
          {member.firstName}
        </Link>
        <MemberMarks member={member} />
        {details ? <span className={styles.details}>{details}</span> : null}
        {note ? <span className={styles.note}>{note}</span> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </li>
  );
}
