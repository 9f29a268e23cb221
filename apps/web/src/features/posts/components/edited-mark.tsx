import { formatFullTime } from '../lib/relative-time';
import styles from './edited-mark.module.css';

/** "edited" beside a post's or comment's time once its author changed it; the time on hover. */
export function EditedMark({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return (
    <span className={styles.edited} title={`Edited ${formatFullTime(iso)}`}>
      edited
    </span>
  );
}
