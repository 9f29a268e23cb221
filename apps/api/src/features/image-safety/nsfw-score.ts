/**
 * What the image model's answer means here. nsfwjs names five classes (Drawing, Hentai, Neutral,
 * Porn, Sexy) with probabilities that add up to 1. A post or photo is "explicit" by the share of
 * Porn and Hentai: Sexy (swimwear, underwear, a low neckline) is left out on purpose, since a
 * dating profile's beach photo must not be refused or blurred.
 */

/** The side of the square picture the model reads (MobileNetV2). */
export const MODEL_INPUT_SIZE = 224;

/**
 * Scores at or above this are sensitive: blurred for others, refused as a profile photo. 0.7 means
 * the model reads the image as clearly more likely explicit than not; ordinary pictures (our
 * synthetic test images score under 0.05) stay well below it. A lower value blurs more false
 * positives, a higher one lets more through.
 */
export const NSFW_THRESHOLD = 0.7;

export function explicitScore(
  predictions: readonly { className: string; probability: number }[],
): number {
  let score = 0;
  for (const { className, probability } of predictions) {
    if (className === 'Porn' || className === 'Hentai') score += probability;
  }
  return Math.min(1, Math.max(0, score));
}

/** Whether a score is sensitive; an image not scored yet counts as sensitive (blurred). */
export function isSensitiveScore(score: number | null): boolean {
  return score === null || score >= NSFW_THRESHOLD;
}
