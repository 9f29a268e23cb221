import { SOCIAL_NETWORKS, SUPPORT_EMAIL } from '../constants';

/** What the feed adds to the site footer (SPEC §2): the support email and coming-soon social links. */
export function FeedFooterContent() {
  return (
    <div className="feed-footer">
      <p className="feed-footer__support">
        Questions? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
      <ul className="feed-footer__social" aria-label="Social links">
        {SOCIAL_NETWORKS.map((network) => (
          <li key={network}>
            <span className="feed-footer__network">{network}</span>{' '}
            <span className="soon-badge">Coming soon</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
