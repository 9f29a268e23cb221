/**
 * Photo verification:
 * - `PhotoVerifiedMark` — shown beside a member's name when `photoVerified` is true.
 * - `PhotoVerificationReviews` — the moderators' queue of selfies to compare with photos (the
 *   moderation page's "Photo checks" view).
 * Settings → Verify your photos is a lazy route (routes/verify-photos-section.tsx).
 */
export { PhotoVerifiedMark } from './components/photo-verified-mark';
export { PhotoVerificationReviews } from './components/photo-verification-reviews';
