import { Card } from '../../../components/ui/card';
import { SUPPORT_EMAIL } from '../constants';
import { MailIcon } from './icons';
import styles from './advertise-card.module.css';
import { buttonClassName, buttonIconClassName } from '../../../components/ui/button';

/** The right column's advertising contact card (SPEC §2); it moves below the feed on small screens. */
export function AdvertiseCard() {
  const subject = encodeURIComponent('Advertising on Kindred');
  return (
    <Card as="section" className={styles.advertiseCard} aria-labelledby="advertise-card-title">
      <h2 id="advertise-card-title" className={styles.advertiseCardTitle}>
        Advertise with us
      </h2>
      <p>
        Reach people who are here to meet, share and connect. Tell us about your brand and we will
        get back to you.
      </p>
      <a
        className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}
      >
        <span className={buttonIconClassName} aria-hidden="true">
          <MailIcon />
        </span>
        <span>Contact us</span>
      </a>
      <p className={styles.advertiseCardEmail}>
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${subject}`}>{SUPPORT_EMAIL}</a>
      </p>
    </Card>
  );
}
