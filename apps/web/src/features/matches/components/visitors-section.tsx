import { MATCH_MESSAGES } from '@kindred/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useMyEntitlements } from '../../plans';
import { useVisitors } from '../api/visitors';
import { formatDay } from '../format-day';
import { MATCHES_UI_MESSAGES as M } from '../messages';
import { offerUpgrade } from '../offer-upgrade';
import { MemberRow } from './member-row';
import { PagedList } from './paged-list';
import styles from './visitors-section.module.css';

/**
 * Who visited the viewer's profile (the plan's "profile visitors"): asked only when the plan
 * allows it; otherwise the upgrade. A member who leaves no visits sees none either.
 */
export function VisitorsSection() {
  const entitlements = useMyEntitlements();
  const allowed = entitlements.data?.entitlements.profileVisitors === true;
  const visitors = useVisitors({ enabled: allowed });

  if (entitlements.isPending) return <Spinner label="Loading visitors" />;
  if (entitlements.isError)
    return <p className={styles.text}>{MATCH_MESSAGES.visitorsLoadFailed}</p>;
  if (!allowed) {
    return (
      <div className={styles.locked}>
        <p className={styles.text}>{M.visitorsLocked}</p>
        <Button onClick={() => offerUpgrade('profileVisitors')}>Upgrade to see visitors</Button>
      </div>
    );
  }
  if (visitors.data?.pages[0]?.leaveVisits === false) {
    return (
      <p className={styles.text}>
        {M.visitorsOff} <Link to={paths.settings('privacy')}>Privacy settings</Link>
      </p>
    );
  }
  const items = visitors.data?.pages.flatMap((page) => page.visitors) ?? [];
  return (
    <PagedList
      query={visitors}
      label="Profile visitors"
      empty={MATCH_MESSAGES.noVisitors}
      failed={MATCH_MESSAGES.visitorsLoadFailed}
      rows={items.map((visit) => (
        <MemberRow
          key={visit.user._id}
          member={visit.user}
          note={`Visited on ${formatDay(visit.visitedAt)}`}
        />
      ))}
    />
  );
}
