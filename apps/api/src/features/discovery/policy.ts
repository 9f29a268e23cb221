import {
  BOOST_PERIOD_MS,
  DISCOVER_MESSAGES,
  advancedFiltersIn,
  type BoostFrequency,
  type DiscoverQuery,
} from '@kindred/contracts';
import { badRequest } from '../../http/errors.js';
import type { Place } from './repo.js';

/**
 * Discover and boosts — decided here.
 *   - Any signed-in member may use Discover. Who appears is the members' rule
 *     (`visibleMembersWhere`: active, verified, no block either way) narrowed for Discover: not
 *     the viewer, shown in search, a finished profile (a profile and a profile picture), and not a
 *     pair already decided (a pass either way in the last 30 days, the viewer's like, a match).
 *   - The advanced filters (interests, photo-verified only, recently active) need the plan's
 *     `advancedFilters`; a distance filter needs the viewer's own place.
 *   - Nobody's coordinates leave: a card carries a rounded distance, and neither city nor
 *     distance when the member hides their location.
 *   - A member boosts themself as often as their plan's `boosts` allows (from one boost's start to
 *     the next), never while a boost runs.
 */

/** Whether the query needs the plan's `advancedFilters` (checked with requireEntitlement). */
export function usesAdvancedFilters(query: DiscoverQuery): boolean {
  return advancedFiltersIn(query).length > 0;
}

export function assertMayFilterByDistance(origin: Place | null, maxDistanceKm?: number): void {
  if (maxDistanceKm !== undefined && origin === null) {
    throw badRequest(DISCOVER_MESSAGES.locationRequired);
  }
}

/** When the member may start their next boost: null when never on this plan. */
export function nextBoostAllowedAt(
  allowance: BoostFrequency,
  latest: { startedAt: Date; endsAt: Date } | undefined,
  now: Date,
): Date | null {
  if (allowance === 'none') return null;
  if (!latest) return now;
  const next = latest.startedAt.getTime() + BOOST_PERIOD_MS[allowance];
  return new Date(Math.max(next, latest.endsAt.getTime(), now.getTime()));
}
