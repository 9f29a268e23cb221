import type { PhotoPose } from '@kindred/contracts';

/** One face the model found: where, how sure, who (the descriptor) and how the head is turned. */
export interface DetectedFace {
  /** Detection confidence, 0–1. */
  score: number;
  /** x, y, width, height in pixels of the analysed image. */
  box: [number, number, number, number];
  /** FaceRes's 1024-number face descriptor: faces of one person point the same way. */
  descriptor: number[];
  /** Radians, in the image as the camera took it (not mirrored). */
  pose: { yaw: number; pitch: number; roll: number };
}

/** Finds faces in an image: the model in worker threads (face-model.ts), or a stand-in. */
export interface FaceAnalyzer {
  /** The faces in an image file's bytes (JPEG, PNG or WebP), largest first. */
  analyze(image: Uint8Array): Promise<DetectedFace[]>;
  close(): Promise<void>;
}

/**
 * Cosine similarity of two descriptors, −1…1. The thresholds below are measured with it on
 * labelled pairs by `pnpm --filter @kindred/scripts face-match-figures` (README: Photo verification).
 */
export function faceSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * At or above `accept` the selfie is the member in the photos; below `refuse` it is not; in
 * between a moderator looks. On the labelled pairs (scripts/face-match-figures.ts) different
 * people reach at most 0.61 (median 0.41) and edits of one face at least 0.60 (median 0.91).
 */
export const FACE_MATCH_THRESHOLDS = { accept: 0.7, refuse: 0.5 } as const;

/** Faces smaller than this (pixels, the box's shorter side) are too small to compare. */
export const MIN_FACE_PIXELS = 64;

/**
 * How far the head must be turned for a pose (radians: 0.3 ≈ 17°). Signs are those of the
 * camera's own picture: a head turned to the member's left has a negative yaw, a head tilted
 * towards the member's left shoulder a positive roll (checked on mirrored and rotated images).
 */
export const POSE_MIN_ANGLE = 0.3;

export function matchesPose(pose: DetectedFace['pose'], wanted: PhotoPose): boolean {
  switch (wanted) {
    case 'turn-left':
      return pose.yaw <= -POSE_MIN_ANGLE;
    case 'turn-right':
      return pose.yaw >= POSE_MIN_ANGLE;
    case 'tilt-left':
      return pose.roll >= POSE_MIN_ANGLE;
    case 'tilt-right':
      return pose.roll <= -POSE_MIN_ANGLE;
  }
}

/** The face a photo is about: the largest one that is big enough to compare. */
export function mainFace(faces: readonly DetectedFace[]): DetectedFace | undefined {
  return faces
    .filter((face) => Math.min(face.box[2], face.box[3]) >= MIN_FACE_PIXELS)
    .sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
}
