import { passwordGuidelines } from '../validation';
import styles from './password-guidelines.module.css';

/** The sign-up password rules, each ticked off as the password meets it. */
export function PasswordGuidelines({ password, id }: { password: string; id?: string }) {
  const rules = passwordGuidelines(password);
  return (
    <div className={styles.guidelines} id={id}>
      <p className={styles.title}>Your password needs:</p>
      <ul className={styles.list}>
        {rules.map((rule) => (
          <li key={rule.id} className={rule.met ? styles.met : undefined}>
            <span className={styles.icon} aria-hidden="true">
              {rule.met ? '✓' : '•'}
            </span>
            {rule.text}
            <span className="visually-hidden">{rule.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
