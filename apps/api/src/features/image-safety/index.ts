/**
 * Consent for explicit images (issue 17): the NSFW classifier (a queue in front of the model in
 * worker threads), what a score means, and each member's choice to blur, hide or show sensitive
 * media. The features that own images (posts, profiles, messages) store the scores on their rows.
 */
export {
  ClassificationUnavailable,
  createImageClassifier,
  type ImageClassifier,
} from './classifier.js';
export {
  claimClassification,
  classificationDueWhere,
  clearClassification,
  IMAGE_CLASSIFICATION_LEASE_MS,
  IMAGE_CLASSIFICATION_MAX_ATTEMPTS,
  recordClassificationFailure,
  type ClassifiedKind,
} from './attempts.js';
export { createConfiguredClassifier } from './configured.js';
export { createNsfwModelScorer, type ImageScorer } from './nsfw-model.js';
export { isSensitiveScore, NSFW_THRESHOLD } from './nsfw-score.js';
export {
  sensitiveMediaPreferenceOf,
  sensitiveMediaPreferenceSql,
  viewerHidesSensitiveMedia,
} from './preferences.js';
export { imageSafetyRoutes } from './routes.js';
export { createStubScorer } from './stub-scorer.js';
