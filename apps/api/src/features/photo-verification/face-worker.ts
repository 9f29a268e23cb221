/**
 * The face model in a worker thread (started by face-model.ts): TensorFlow.js runs inference
 * synchronously on the WebAssembly backend, so it must never share a thread with requests.
 *
 * The models are @vladmandic/human's BlazeFace (detection), FaceMesh (landmarks → yaw, pitch,
 * roll) and FaceRes (a 1024-number descriptor), all inside the npm package: they are read from
 * its `models/` folder through a file loader registered below, never fetched. The WebAssembly
 * binary ships in @tensorflow/tfjs-backend-wasm.
 *
 * Messages in: `{ id, pixels, width, height }` — RGB bytes. Out: `{ ready }` once the models are
 * loaded (or `{ failed }`), then `{ id, faces }` or `{ id, error }` per image.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import type { DetectedFace } from './face-analyzer.js';

interface AnalyzeRequest {
  id: number;
  pixels: Uint8Array;
  width: number;
  height: number;
}

interface HumanFace {
  score: number;
  box: [number, number, number, number];
  embedding?: number[];
  rotation?: { angle: { yaw: number; pitch: number; roll: number } } | null;
}

interface HumanInstance {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[] }>;
}

const port = parentPort;
if (!port) throw new Error('face-worker.ts runs as a worker thread');

/** Reads a TensorFlow.js graph model (model.json + weight files) from the disk. */
function registerFileLoader(): void {
  // A router answers null for URLs that are not its own (the registry skips those).
  const router = (url: string | string[]): tf.io.IOHandler | null => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return {
      async load() {
        const json = JSON.parse(await readFile(file, 'utf8')) as tf.io.ModelJSON;
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: tf.io.WeightsManifestEntry[] = [];
          const parts: Buffer[] = [];
          for (const group of manifest) {
            specs.push(...group.weights);
            for (const part of group.paths) {
              parts.push(await readFile(path.join(path.dirname(file), part)));
            }
          }
          const all = Buffer.concat(parts);
          return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)];
        });
      },
    };
  };
  tf.io.registerLoadRouter(router as (url: string | string[]) => tf.io.IOHandler);
}

async function loadModel(): Promise<HumanInstance> {
  const require = createRequire(import.meta.url);
  // The package's export map names its Node builds without "./", which Node refuses: the
  // WebAssembly build is loaded by its path next to the main entry instead.
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as {
    Human: new (config: object) => HumanInstance;
  };
  const wasmDir = `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}${path.sep}`;
  setWasmPaths(wasmDir);
  registerFileLoader();
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    debug: false,
    cacheModels: false,
    modelBasePath: `${pathToFileURL(path.join(humanDist, '..', 'models')).href}/`,
    face: {
      enabled: true,
      detector: { rotation: true, maxDetected: 5, minConfidence: 0.5 },
      mesh: { enabled: true },
      description: { enabled: true },
      iris: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  });
  await human.load();
  return human;
}

async function main(): Promise<void> {
  let human: HumanInstance;
  try {
    human = await loadModel();
  } catch (error) {
    port!.postMessage({ failed: error instanceof Error ? error.message : String(error) });
    return;
  }
  port!.on('message', async ({ id, pixels, width, height }: AnalyzeRequest) => {
    try {
      const input = tf.tensor3d(pixels, [height, width, 3], 'int32');
      try {
        const result = await human.detect(input);
        const faces: DetectedFace[] = result.face
          .filter((face) => face.embedding && face.embedding.length > 0 && face.rotation)
          .map((face) => ({
            score: face.score,
            box: face.box,
            descriptor: Array.from(face.embedding!),
            pose: {
              yaw: face.rotation!.angle.yaw,
              pitch: face.rotation!.angle.pitch,
              roll: face.rotation!.angle.roll,
            },
          }));
        port!.postMessage({ id, faces });
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
