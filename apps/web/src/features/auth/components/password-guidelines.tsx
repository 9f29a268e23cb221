import { passwordGuidelines } from '../validation';
import './auth.css';

/** The sign-up password rules, each ticked off as the password meets it. */
export function PasswordGuidelines({ password, id }: { password: string; id?: string }) {
  const rules = passwordGuidelines(password);
  return (
    <div className="password-guidelines" id={id}>
      <p className="password-guidelines__title">Your password needs:</p>
      <ul className="password-guidelines__list">
        {rules.map((rule) => (
          <li key={rule.id} className={rule.met ? 'is-met' : undefined}>
            <span className="password-guidelines__icon" aria-hidden="true">
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
