import type { Worker } from 'node:worker_threads';
import type { Logger } from '../../platform/logger.js';
import { startModelWorker, watchModelWorker } from '../../platform/model-worker.js';
import type { ModelInput } from './model-input.js';

/** Scores images: the NSFW model in worker threads, or a stand-in in tests. */
export interface ImageScorer {
  /** How many images it scores at once (the classifier's queue never sends more). */
  readonly concurrency: number;
  /** The explicit-content score of one image, 0–1 (nsfw-score.ts). */
  score(input: ModelInput): Promise<number>;
  close(): Promise<void>;
}

export interface NsfwModelOptions {
  /** Worker threads, each with its own copy of the model (about 150 MB each). */
  workers: number;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** A worker that has not answered by then is ended (and started again for the next image). */
  scoreTimeoutMs?: number;
}

interface Job {
  resolve(score: number): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  jobs: Map<number, Job>;
}

type WorkerAnswer = { id: number; score: number } | { id: number; error: string };

function startWorker(): Worker {
  return startModelWorker(import.meta.url, {
    dev: './nsfw-worker.ts',
    built: ['./nsfw-worker.js', './features/image-safety/nsfw-worker.js'],
  });
}

/**
 * The NSFW model (nsfwjs MobileNetV2 on TensorFlow.js's WebAssembly backend) in worker threads,
 * started on the first image, so an API that never receives one never loads it. Each image goes to
 * the worker with the fewest images in hand. A worker that fails, exits or hangs fails its images
 * and is replaced on the next one.
 */
export function createNsfwModelScorer(options: NsfwModelOptions): ImageScorer {
  const scoreTimeoutMs = options.scoreTimeoutMs ?? 30_000;
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot, reason: Error): void {
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    for (const job of slot.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(reason);
    }
    slot.jobs.clear();
    void slot.worker.terminate();
  }

  function start(): Slot {
    const worker = startWorker();
    // An idle worker must not keep the process alive (tests, CLI commands, shutdown).
    worker.unref();
    const slot: Slot = { worker, jobs: new Map(), ready: Promise.resolve() };
    slot.ready = watchModelWorker<WorkerAnswer>(worker, 'NSFW model', {
      loaded: (loadMs) =>
        options.logger.info({ loadMs }, 'image safety: NSFW model loaded in a worker thread'),
      failed: (error) => retire(slot, error),
      answer: (reply) => {
        const job = slot.jobs.get(reply.id);
        if (!job) return;
        slot.jobs.delete(reply.id);
        clearTimeout(job.timer);
        if ('score' in reply) job.resolve(reply.score);
        else job.reject(new Error(`the NSFW model could not score an image: ${reply.error}`));
      },
    });
    slots.push(slot);
    return slot;
  }

  function pickSlot(): Slot {
    if (slots.length < options.workers) return start();
    return slots.reduce((least, slot) => (slot.jobs.size < least.jobs.size ? slot : least));
  }

  return {
    concurrency: options.workers,
    async score(input) {
      if (closed) throw new Error('the image scorer is closed');
      const slot = pickSlot();
      if (slot.jobs.size === 0) slot.worker.ref();
      try {
        await slot.ready;
        const id = nextId++;
        return await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => {
            options.logger.warn({ scoreTimeoutMs }, 'image safety: a worker hung; replacing it');
            retire(slot, new Error(`the NSFW model took longer than ${scoreTimeoutMs} ms`));
          }, scoreTimeoutMs);
          slot.jobs.set(id, { resolve, reject, timer });
          // The pixels are copied: the caller's buffer may be a view on a pooled one.
          slot.worker.postMessage({ id, pixels: input.pixels });
        });
      } finally {
        if (slot.jobs.size === 0) slot.worker.unref();
      }
    },
    async close() {
      closed = true;
      await Promise.all(
        [...slots].map(async (slot) => {
          retire(slot, new Error('the image scorer is closed'));
        }),
      );
    },
  };
}
