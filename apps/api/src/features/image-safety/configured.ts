import { Histogram } from 'prom-client';
import type { Config } from '../../config.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import { createImageClassifier, type ImageClassifier } from './classifier.js';
import { createNsfwModelScorer } from './nsfw-model.js';

/**
 * The app's classifier: the NSFW model in `IMAGE_SAFETY_WORKERS` worker threads, its scoring
 * times on GET /metrics (`kindred_image_classification_seconds`).
 */
export function createConfiguredClassifier(
  config: Pick<Config, 'imageSafetyWorkers'>,
  logger: Logger,
  metrics: Metrics,
): ImageClassifier {
  const seconds = new Histogram({
    name: 'kindred_image_classification_seconds',
    help: 'Time to score one image with the NSFW model (decode, resize, inference)',
    buckets: [0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [metrics.registry],
  });
  return createImageClassifier({
    scorer: createNsfwModelScorer({ workers: config.imageSafetyWorkers, logger }),
    logger,
    observe: (value) => seconds.observe(value),
  });
}
