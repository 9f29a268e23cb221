import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Worker threads that run a model shipped in an npm package (the NSFW scorer, the face model): how
 * one is started and how its start-up is watched. What a worker is asked and how its answers are
 * matched stays with each model.
 */

/**
 * Starts a model's worker: in development and tests the TypeScript source next to `moduleUrl`
 * through tsx's loader, registered inside the worker (Node 20 does not pass `--import` hooks on to
 * worker threads); in the build the compiled entry (tsup builds each worker as an entry of its
 * own) at the first of `builtPaths` that exists, relative to `moduleUrl`.
 */
export function startModelWorker(
  moduleUrl: string,
  source: { dev: string; built: readonly string[] },
): Worker {
  if (moduleUrl.endsWith('.ts')) {
    const sourceUrl = new URL(source.dev, moduleUrl).href;
    // The ESM build of tsx's API (a require() resolution names its CommonJS twin).
    const tsxApi = pathToFileURL(
      createRequire(moduleUrl)
        .resolve('tsx/esm/api')
        .replace(/\.cjs$/, '.mjs'),
    ).href;
    const bootstrap = `import(${JSON.stringify(tsxApi)})
      .then(({ register }) => { register(); return import(${JSON.stringify(sourceUrl)}); })`;
    return new Worker(bootstrap, { eval: true });
  }
  for (const candidate of source.built) {
    const url = new URL(candidate, moduleUrl);
    if (existsSync(fileURLToPath(url))) return new Worker(url);
  }
  throw new Error(`${source.built[0] ?? 'a model worker'} is missing from the build`);
}

/** What every model worker says before it answers: loaded, or why not. */
export type ModelWorkerStartReply = { ready: true } | { failed: string };

/**
 * Watches a model worker's start-up and life: resolves once it says it is ready (`loaded` gets the
 * load time); on a load failure, an error or an exit, rejects and calls `failed` (the model then
 * fails what it had in hand and replaces the worker). Every other message goes to `answer`.
 */
export function watchModelWorker<Answer>(
  worker: Worker,
  model: string,
  handlers: {
    loaded(loadMs: number): void;
    answer(reply: Answer): void;
    failed(error: Error): void;
  },
): Promise<void> {
  const startedAt = Date.now();
  const ready = new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      reject(error);
      handlers.failed(error);
    };
    worker.on('message', (reply: ModelWorkerStartReply | Answer) => {
      if (reply !== null && typeof reply === 'object' && 'ready' in reply) {
        handlers.loaded(Date.now() - startedAt);
        resolve();
      } else if (reply !== null && typeof reply === 'object' && 'failed' in reply) {
        fail(new Error(`the ${model} did not load: ${String(reply.failed)}`));
      } else {
        handlers.answer(reply as Answer);
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${model}'s worker exited (${code})`)));
  });
  // Waiting callers see the failure; this one only keeps it from being "unhandled".
  ready.catch(() => {});
  return ready;
}
