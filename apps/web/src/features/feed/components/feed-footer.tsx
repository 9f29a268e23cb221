import { SOCIAL_NETWORKS, SUPPORT_EMAIL } from '../constants';
import { SoonBadge } from '../../../components/ui/soon-badge';
import styles from './feed-footer.module.css';

/** What the feed adds to the site footer (SPEC §2): the support email and coming-soon social links. */
export function FeedFooterContent() {
  return (
    <div className={styles.feedFooter}>
      <p className={styles.feedFooterSupport}>
        Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
      <ul className={styles.feedFooterSocial} aria-label="Social links">
        {SOCIAL_NETWORKS.map((network) => (
          <li key={network}>
            <span>{network}</span> <SoonBadge className={styles.soonBadge} />
          </li>
        ))}
      </ul>
    </div>
  );
}
