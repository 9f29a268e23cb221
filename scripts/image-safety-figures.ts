/**
 * The NSFW classifier's cost, measured: `pnpm --filter @kindred/scripts image-safety-figures`
 * (no network; an embedded database in a temporary folder).
 *
 *  1. Time per image: the real model (nsfwjs MobileNetV2 on TensorFlow.js' WebAssembly backend, in
 *     one worker thread) scores IMAGES generated pictures one after another, after its first load;
 *     each time covers decoding and resizing with sharp, the trip to the worker and inference.
 *  2. The API while 20 uploads are classified at once: 20 members each post an 800×600 picture at
 *     the same moment; while the queue drains, GET /api/posts (a signed-in feed page) and
 *     GET /api/health are sent back to back. Printed: the uploads' answer times, how long until
 *     every image was scored, and the p50/p99/max of the other requests meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../apps/api/src/app.js';
import { loadConfig } from '../apps/api/src/config.js';
import { closeAppContext, createAppContext } from '../apps/api/src/context.js';
import {
  createImageClassifier,
  createNsfwModelScorer,
} from '../apps/api/src/features/image-safety/index.js';
import { noisyJpeg as picture } from '../apps/api/src/features/image-safety/test-images.js';
import { signedInUser } from '../apps/api/src/test/factories.js';

const IMAGES = 20;
const UPLOADS = 20;
const quiet = { info() {}, warn() {}, error() {} };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  const f = (value: number) => `${Math.round(value)} ms`;
  return `n=${sorted.length} mean ${f(mean)}, p50 ${f(percentile(sorted, 50))}, p95 ${f(percentile(sorted, 95))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted.at(-1)!)}`;
}

async function timePerImage(): Promise<void> {
  const classifier = createImageClassifier({
    scorer: createNsfwModelScorer({ workers: 1, logger: quiet }),
    logger: quiet,
  });
  const images = await Promise.all(Array.from({ length: IMAGES }, (_, i) => picture(i + 1)));
  const loadStarted = performance.now();
  await classifier.classify(images[0]!);
  const firstMs = performance.now() - loadStarted;
  const times: number[] = [];
  const scores: number[] = [];
  for (const image of images) {
    const started = performance.now();
    scores.push(await classifier.classify(image));
    times.push(performance.now() - started);
  }
  await classifier.close();
  console.log('1. Time per image (one worker, after the first load)');
  console.log(`   first image, model load included: ${Math.round(firstMs)} ms`);
  console.log(`   ${summary(times)}`);
  console.log(`   scores of the generated pictures: max ${Math.max(...scores).toFixed(3)}`);
}

async function apiUnderLoad(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-image-figures-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BCRYPT_COST: '4',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '100',
  });
  const context = await createAppContext(config);
  const server = createApp(context).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = new URL(config.publicUrl).origin;
  try {
    const members = await Promise.all(Array.from({ length: UPLOADS }, () => signedInUser(context)));
    const images = await Promise.all(members.map((_, i) => picture(100 + i)));
    // The model is loaded before the burst, as in a running API that has seen one image.
    await context.imageClassifier.classify(images[0]!);

    const uploadTimes: number[] = [];
    let turnedAway = 0;
    let mostWaiting = 0;
    const burstStarted = performance.now();
    const uploads = members.map(async ({ cookie }, i) => {
      const form = new FormData();
      form.append('title', `Burst ${i}`);
      form.append('media', new Blob([images[i]!], { type: 'image/jpeg' }), `burst-${i}.jpg`);
      // The API takes 6 uploads in flight per process (http/uploads.ts) and asks the rest to
      // come back: they do, 100 ms later, so the 20 images reach the classifier within moments.
      for (;;) {
        const started = performance.now();
        const res = await fetch(`${base}/api/posts/create`, {
          method: 'POST',
          headers: { cookie, origin },
          body: form,
        });
        const body = await res.text();
        if (res.status === 503) {
          turnedAway += 1;
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        if (res.status !== 201) throw new Error(`upload ${i}: ${res.status} ${body}`);
        uploadTimes.push(performance.now() - started);
        return;
      }
    });

    const others: number[] = [];
    let done = false;
    const probe = (async () => {
      const { cookie } = members[0]!;
      for (let i = 0; !done; i += 1) {
        const { running, queued } = context.imageClassifier.load();
        mostWaiting = Math.max(mostWaiting, running + queued);
        const started = performance.now();
        const path = i % 2 === 0 ? '/api/posts' : '/api/health';
        const res = await fetch(`${base}${path}`, { headers: { cookie, origin } });
        await res.arrayBuffer();
        others.push(performance.now() - started);
      }
    })();
    await Promise.all(uploads);
    await context.background.settled();
    const drainedMs = performance.now() - burstStarted;
    done = true;
    await probe;

    console.log(`2. The API while ${UPLOADS} uploads are classified at once (one worker)`);
    console.log(
      `   uploads answered (201): ${summary(uploadTimes)}; ${turnedAway} "busy, try again" answers on the way`,
    );
    console.log(`   most images in the classifier at once: ${mostWaiting}`);
    console.log(
      `   all ${UPLOADS} images scored ${Math.round(drainedMs)} ms after the burst began`,
    );
    console.log(`   GET /api/posts and /api/health meanwhile: ${summary(others)}`);
  } finally {
    server.close();
    await closeAppContext(context);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()})`);
console.log(
  `load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
await timePerImage();
await apiUnderLoad();
