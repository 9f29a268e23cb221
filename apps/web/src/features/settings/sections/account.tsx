import { Card } from '../../../components/ui/card';
import styles from '../components/account-forms.module.css';
import { ChangeEmailForm } from '../components/change-email-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { ChangePhoneForm } from '../components/change-phone-form';

/** Settings → Account: change the password, the email address and the phone number. */
export function AccountSection() {
  return (
    <Card as="section" padding="lg" aria-labelledby="settings-account-title">
      <h2 id="settings-account-title">Account</h2>
      <section className={styles.part} aria-labelledby="settings-password-title">
        <h3 id="settings-password-title" className={styles.heading}>
          Password
        </h3>
        <p className={styles.intro}>
          Changing your password signs you out everywhere else. We will email you to confirm it.
        </p>
        <ChangePasswordForm />
      </section>
      <section className={styles.part} aria-labelledby="settings-email-title">
        <h3 id="settings-email-title" className={styles.heading}>
          Email address
        </h3>
        <p className={styles.intro}>
          We send a code to the new address to make sure it is yours, and tell your current address
          once it changes.
        </p>
        <ChangeEmailForm />
      </section>
      <section className={styles.part} aria-labelledby="settings-phone-title">
        <h3 id="settings-phone-title" className={styles.heading}>
          Phone number
        </h3>
        <p className={styles.intro}>
          Confirm it is you, then enter the code we text to the new number.
        </p>
        <ChangePhoneForm />
      </section>
    </Card>
  );
}
