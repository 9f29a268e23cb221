import { Logo } from '../../../components/ui/logo';
import styles from './cover-splash.module.css';

/** The full-screen brand cover shown while the login screen opens (SPEC §2: 1 second). */
export function CoverSplash() {
  return (
    <div className={styles.splash} role="status" aria-label="Loading Kindred">
      <Logo size="xl" inverse />
      <p className={styles.tagline}>Meet people. Share moments. Stay kind.</p>
    </div>
  );
}
