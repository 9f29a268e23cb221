import { NavLink, Outlet } from 'react-router';
import { MemberLayout } from '../../../components/layout/member-layout';
import { paths, SETTINGS_SECTIONS, type SettingsSection } from '../../../lib/paths';
import { clsx } from 'clsx';
import styles from './settings-page.module.css';

/** The label of each section in the Settings navigation. */
export const SECTION_LABELS: Record<SettingsSection, string> = {
  account: 'Account',
  plan: 'Plan',
  security: 'Two-factor & recovery',
  sessions: 'Sessions & devices',
  privacy: 'Privacy & contact',
  notifications: 'Notifications',
  blocked: 'Blocked & muted',
  'photo-verification': 'Verify your photos',
};

/**
 * The Settings page (/settings/:section): a navigation of the sections on the left (above on small
 * screens) and the chosen section beside it. Each section is its own lazily loaded route.
 */
export function SettingsPage() {
  return (
    <MemberLayout>
      <div className={styles.page}>
        <h1 className={styles.title}>Settings</h1>
        <div className={styles.columns}>
          <nav aria-label="Settings sections" className={styles.nav}>
            <ul className={styles.navList}>
              {SETTINGS_SECTIONS.map((section) => (
                <li key={section}>
                  <NavLink
                    to={paths.settings(section)}
                    className={({ isActive }) => clsx(styles.navItem, isActive && styles.active)}
                  >
                    {SECTION_LABELS[section]}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.section}>
            <Outlet />
          </div>
        </div>
      </div>
    </MemberLayout>
  );
}
