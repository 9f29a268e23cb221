import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { startModelWorker, watchModelWorker } from './model-worker.js';

/** A worker running `code` (with `parentPort` in scope), alive while it listens, as a model's is. */
function workerRunning(code: string): Worker {
  return new Worker(
    `const { parentPort } = require('node:worker_threads');\nparentPort.on('message', () => {});\n${code}`,
    { eval: true },
  );
}

function handlers() {
  return { loaded: vi.fn(), answer: vi.fn(), failed: vi.fn() };
}

describe('watchModelWorker', () => {
  it('is ready when the worker says so, and hands on its answers', async () => {
    const worker = workerRunning(
      'parentPort.postMessage({ ready: true }); parentPort.postMessage({ id: 1, score: 0.5 });',
    );
    const watched = handlers();
    await watchModelWorker(worker, 'test model', watched);
    expect(watched.loaded).toHaveBeenCalledWith(expect.any(Number));
    await vi.waitFor(() => expect(watched.answer).toHaveBeenCalledWith({ id: 1, score: 0.5 }));
    expect(watched.failed).not.toHaveBeenCalled();
    await worker.terminate();
  });

  it('fails with the reason when the model does not load', async () => {
    const worker = workerRunning("parentPort.postMessage({ failed: 'no weights' });");
    const watched = handlers();
    await expect(watchModelWorker(worker, 'test model', watched)).rejects.toThrow(
      'the test model did not load: no weights',
    );
    expect(watched.failed).toHaveBeenCalledWith(expect.any(Error));
    await worker.terminate();
  });

  it('fails when the worker exits before it is ready', async () => {
    const worker = workerRunning('process.exit(3);');
    const watched = handlers();
    await expect(watchModelWorker(worker, 'test model', watched)).rejects.toThrow(
      "the test model's worker exited (3)",
    );
    expect(watched.failed).toHaveBeenCalled();
  });
});

describe('startModelWorker', () => {
  it('says which worker is missing from a build', () => {
    expect(() =>
      startModelWorker('file:///nowhere/server.js', { dev: './x.ts', built: ['./x-worker.js'] }),
    ).toThrow('./x-worker.js is missing from the build');
  });
});
