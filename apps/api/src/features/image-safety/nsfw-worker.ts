/**
 * The NSFW model in a worker thread (started by nsfw-model.ts): TensorFlow.js runs inference
 * synchronously on the WebAssembly backend, so it must never share a thread with requests.
 *
 * The model is nsfwjs's MobileNetV2 (224×224), bundled inside the npm package as JavaScript
 * modules: nothing is downloaded. The WebAssembly binary ships in @tensorflow/tfjs-backend-wasm.
 *
 * Messages in: `{ id, pixels }` — 224×224 RGB bytes (model-input.ts). Out: `{ ready }` once the
 * model is loaded (or `{ failed }`), then `{ id, score }` or `{ id, error }` per image.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as nsfwjs from 'nsfwjs';
import { explicitScore, MODEL_INPUT_SIZE } from './nsfw-score.js';

interface ScoreRequest {
  id: number;
  pixels: Uint8Array;
}

const port = parentPort;
if (!port) throw new Error('nsfw-worker.ts runs as a worker thread');

async function loadModel(): Promise<nsfwjs.NSFWJS> {
  const require = createRequire(import.meta.url);
  const wasmFile = require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm');
  setWasmPaths(`${path.dirname(wasmFile)}${path.sep}`);
  // nsfwjs announces its model with console.info; the API's logs are JSON lines, and this thread
  // logs nothing else, so the announcement is silenced here for good.
  // eslint-disable-next-line no-console
  console.info = () => {};
  if (!(await tf.setBackend('wasm'))) throw new Error('the WebAssembly backend did not start');
  await tf.ready();
  return nsfwjs.load('MobileNetV2', { size: MODEL_INPUT_SIZE });
}

async function main(): Promise<void> {
  let model: nsfwjs.NSFWJS;
  try {
    model = await loadModel();
  } catch (error) {
    port!.postMessage({ failed: error instanceof Error ? error.message : String(error) });
    return;
  }
  port!.on('message', async ({ id, pixels }: ScoreRequest) => {
    try {
      const input = tf.tensor3d(pixels, [MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3], 'int32');
      try {
        const predictions = await model.classify(input, 5);
        port!.postMessage({ id, score: explicitScore(predictions) });
      } finally {
        input.dispose();
      }
    } catch (error) {
      port!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  port!.postMessage({ ready: true });
}

void main();
