import { Card } from '../../../components/ui/card';
import styles from '../components/account-forms.module.css';
import { FollowRequests } from '../components/follow-requests';
import { PrivacyForm } from '../components/privacy-form';
import { SensitiveMediaForm } from '../components/sensitive-media-form';

/**
 * Settings → Privacy & contact: the contact controls, what the member sees of sensitive images,
 * and the follow requests to answer.
 */
export function PrivacySection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-privacy-title">
      <h2 id="settings-privacy-title">Privacy & contact</h2>
      <section className={styles.part} aria-labelledby="settings-contact-title">
        <h3 id="settings-contact-title" className={styles.heading}>
          Who can reach me
        </h3>
        <PrivacyForm />
      </section>
      <section className={styles.part} aria-labelledby="settings-sensitive-title">
        <h3 id="settings-sensitive-title" className={styles.heading}>
          Sensitive content
        </h3>
        <SensitiveMediaForm />
      </section>
      <section className={styles.part} aria-labelledby="settings-requests-title">
        <h3 id="settings-requests-title" className={styles.heading}>
          Follow requests
        </h3>
        <p className={styles.intro}>Members who asked to follow you while you approve followers.</p>
        <FollowRequests />
      </section>
    </Card>
  );
}
