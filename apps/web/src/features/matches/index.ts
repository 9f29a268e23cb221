/**
 * Matching (issue 15): profile likes, passes, matches, who liked you and who visited. What other
 * features use:
 * - `useLikeMember()` / `usePassMember()` — POST /matches/like and /matches/pass.
 * - `MatchDialog` — "It's a match!" with "Send a message" and "Keep browsing".
 * - `offerUpgrade(feature)` — the upgrade dialog for a feature the plan lacks, before asking.
 * - `/matches` — the page (routes/matches-page.tsx, lazy-loaded by the router).
 */
export { useLikeMember, usePassMember } from './api/like-member';
export { MatchDialog, type NewMatch } from './components/match-dialog';
export { offerUpgrade } from './offer-upgrade';
