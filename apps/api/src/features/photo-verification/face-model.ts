import type { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import type { Logger } from '../../platform/logger.js';
import { startModelWorker, watchModelWorker } from '../../platform/model-worker.js';
import type { DetectedFace, FaceAnalyzer } from './face-analyzer.js';

/** Images are analysed at most this size (longer side): enough for a face, bounded memory. */
const ANALYSIS_DIMENSION = 1024;

export interface FaceModelOptions {
  /** Worker threads, each with its own copy of the models (about 200 MB each). */
  workers: number;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** A worker that has not answered by then is ended (and a new one started for the next image). */
  timeoutMs?: number;
}

type WorkerAnswer = { id: number; faces: DetectedFace[] } | { id: number; error: string };

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: boolean;
  pending?: { id: number; resolve(faces: DetectedFace[]): void; reject(error: Error): void };
}

function startWorker(): Worker {
  return startModelWorker(import.meta.url, {
    dev: './face-worker.ts',
    built: ['./face-worker.js', './features/photo-verification/face-worker.js'],
  });
}

/** Upright RGB pixels of an image, at most ANALYSIS_DIMENSION on its longer side. */
async function decode(
  image: Uint8Array,
): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(image, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(ANALYSIS_DIMENSION, ANALYSIS_DIMENSION, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { pixels: new Uint8Array(data), width: info.width, height: info.height };
}

/**
 * The face model in worker threads, started on the first image (an API that never verifies a
 * photo never loads it). At most `workers` images are analysed at once; the rest wait in order.
 * A worker that fails, exits or hangs fails its image and is replaced on the next one.
 */
export function createFaceModelAnalyzer(options: FaceModelOptions): FaceAnalyzer {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  let nextId = 1;
  let closed = false;

  function retire(slot: Slot, reason: Error): void {
    const index = slots.indexOf(slot);
    if (index !== -1) slots.splice(index, 1);
    slot.pending?.reject(reason);
    slot.pending = undefined;
    void slot.worker.terminate();
    // A waiting image may now start a fresh worker.
    const next = waiting.shift();
    if (next && !closed) next(claim(start()));
  }

  function start(): Slot {
    const worker = startWorker();
    worker.unref();
    const slot: Slot = { worker, busy: false, ready: Promise.resolve() };
    slot.ready = watchModelWorker<WorkerAnswer>(worker, 'face model', {
      loaded: (loadMs) => options.logger.info({ loadMs }, 'photo verification: face model loaded'),
      failed: (error) => retire(slot, error),
      answer: (reply) => {
        if (slot.pending?.id !== reply.id) return;
        const pending = slot.pending;
        slot.pending = undefined;
        if ('faces' in reply) pending.resolve(reply.faces);
        else pending.reject(new Error(`the face model could not read an image: ${reply.error}`));
      },
    });
    slots.push(slot);
    return slot;
  }

  function claim(slot: Slot): Slot {
    slot.busy = true;
    return slot;
  }

  function acquire(): Promise<Slot> {
    const idle = slots.find((slot) => !slot.busy);
    if (idle) return Promise.resolve(claim(idle));
    if (slots.length < options.workers) return Promise.resolve(claim(start()));
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot): void {
    slot.busy = false;
    if (!slots.includes(slot)) return;
    const next = waiting.shift();
    if (next) next(claim(slot));
  }

  return {
    async analyze(image) {
      if (closed) throw new Error('the face analyzer is closed');
      const input = await decode(image);
      const slot = await acquire();
      slot.worker.ref();
      try {
        await slot.ready;
        const id = nextId++;
        return await new Promise<DetectedFace[]>((resolve, reject) => {
          const timer = setTimeout(() => {
            options.logger.warn(
              { timeoutMs },
              'photo verification: a face worker hung; replacing it',
            );
            retire(slot, new Error(`the face model took longer than ${timeoutMs} ms`));
          }, timeoutMs);
          slot.pending = {
            id,
            resolve: (faces) => {
              clearTimeout(timer);
              resolve(faces);
            },
            reject: (error) => {
              clearTimeout(timer);
              reject(error);
            },
          };
          slot.worker.postMessage({ id, ...input }, [input.pixels.buffer as ArrayBuffer]);
        });
      } finally {
        slot.worker.unref();
        release(slot);
      }
    },
    async close() {
      closed = true;
      for (const slot of [...slots]) retire(slot, new Error('the face analyzer is closed'));
    },
  };
}
