import { CheckBadgeIcon } from './icons';

/** The badge shown next to a verified member's name (SPEC §1 verifiedBadge). */
export function VerifiedBadge() {
  return (
    <span className="verified-badge" role="img" aria-label="Verified" title="Verified">
      <CheckBadgeIcon />
    </span>
  );
}
