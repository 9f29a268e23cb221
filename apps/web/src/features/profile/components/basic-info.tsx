import type { Profile } from '@kindred/contracts';
import { Card } from '../../../components/ui/card';
import { optionLabel } from '../labels';
import { PROFILE_UI_MESSAGES as M } from '../messages';
import styles from './basic-info.module.css';
import sectionStyles from './profile-section.module.css';

/**
 * The place a profile shows: the place name, or its city and country. Never the coordinates (the
 * owner's are theirs only, and they are not a place name). Empty when there is nothing to show.
 */
export function locationText(location: Profile['location'] | null | undefined): string {
  if (!location) return '';
  if (location.formatted_address) return location.formatted_address;
  return [location.city, location.country].filter(Boolean).join(', ');
}

/** Basic Information (SPEC §2): Age, Gender, Location, Sexuality — "Not specified" when empty. */
export function BasicInfo({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['Age', profile.age ? String(profile.age) : ''],
    ['Gender', profile.gender ? optionLabel(profile.gender) : ''],
    ['Location', locationText(profile.location)],
    ['Sexuality', profile.sexuality ? optionLabel(profile.sexuality) : ''],
  ];
  return (
    <Card as="section" aria-labelledby="basic-info-heading">
      <h2 id="basic-info-heading" className={sectionStyles.title}>
        Basic Information
      </h2>
      <dl className={styles.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd className={value ? undefined : styles.empty}>{value || M.notSpecified}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
