import type { PhotoVerificationOutcome } from '@kindred/contracts';
import { FACE_MATCH_THRESHOLDS } from './face-analyzer.js';

/**
 * The one decision of photo verification: a selfie that copies the pose and is close enough to a
 * profile photo's face is verified; too far (or the wrong pose) is refused; in between a moderator
 * decides. Who may decide a review is `requireRole(db, 'moderator')` on its routes.
 */
export function decideOutcome(similarity: number, poseMatched: boolean): PhotoVerificationOutcome {
  if (!poseMatched || similarity < FACE_MATCH_THRESHOLDS.refuse) return 'refused';
  return similarity >= FACE_MATCH_THRESHOLDS.accept ? 'verified' : 'in-review';
}

/** A new main photo keeps the mark when its face is as close to the verified face as a selfie must be. */
export function mainPhotoKeepsMark(similarity: number | undefined): boolean {
  return similarity !== undefined && similarity >= FACE_MATCH_THRESHOLDS.accept;
}
