import type { PlanFeatureLine } from '@kindred/contracts';
import styles from './plan-feature-list.module.css';

export interface PlanFeatureListProps {
  features: readonly PlanFeatureLine[];
  className?: string | undefined;
}

/**
 * A plan card's feature lines, as GET /api/plans generates them from the entitlement table. A
 * feature Kindred does not have yet says so ("Coming soon"): a card never sells what is not there.
 */
export function PlanFeatureList({ features, className }: PlanFeatureListProps) {
  return (
    <ul className={className}>
      {features.map((line) => (
        <li key={line.key}>
          {line.text}
          {line.comingSoon ? <span className={styles.comingSoon}> · Coming soon</span> : null}
        </li>
      ))}
    </ul>
  );
}
