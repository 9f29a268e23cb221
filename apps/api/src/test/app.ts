import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import {
  closeAppContext,
  createAppContext,
  type AppContext,
  type ContextOverrides,
} from '../context.js';
import { ManualClock } from '../platform/clock.js';
import { createImageClassifier, createStubScorer } from '../features/image-safety/index.js';
import { checkResponsesAgainstContracts } from './contract-check.js';
import { openTestDatabase } from './database.js';

export interface TestApp {
  app: Express;
  context: AppContext;
  clock: ManualClock;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends ContextOverrides {
  env?: Record<string, string>;
  /**
   * Supertest stands in for the web app in a browser, which labels every request with its Origin:
   * requests that carry neither Origin nor Sec-Fetch-Site get `Origin: PUBLIC_URL` added. Tests
   * of the CSRF rule itself turn this off (false) to send unlabelled requests.
   */
  labelAsOwnOrigin?: boolean;
}

/** A complete app on its own fresh database and temporary DATA_DIR. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, labelAsOwnOrigin = true, ...overrides } = options;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kindred-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BCRYPT_COST: '4',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    GEOCODER_URL: 'http://127.0.0.1:9/',
    ...env,
  });
  const clock = overrides.clock instanceof ManualClock ? overrides.clock : new ManualClock();
  const database = overrides.database ?? (await openTestDatabase());
  // The NSFW model costs a second and 150 MB per app: tests score with a stand-in by colour
  // (image-safety/stub-scorer.ts) unless they pass the real one.
  const imageClassifier =
    overrides.imageClassifier ??
    createImageClassifier({ scorer: createStubScorer(), logger: { warn: () => {} } });
  const context = await createAppContext(config, {
    ...overrides,
    clock,
    database,
    imageClassifier,
  });
  const app = createApp(context);
  checkResponsesAgainstContracts(app);
  if (labelAsOwnOrigin) addOwnOriginToUnlabelledRequests(app, config.publicUrl);
  return {
    app,
    context,
    clock,
    dataDir,
    async close() {
      await closeAppContext(context);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Express calls `app.handle` for every request; the router itself is left as it is. */
function addOwnOriginToUnlabelledRequests(app: Express, publicUrl: string): void {
  const handleable = app as unknown as {
    handle: (req: IncomingMessage, ...rest: unknown[]) => void;
  };
  const handle = handleable.handle.bind(app);
  const origin = new URL(publicUrl).origin;
  handleable.handle = (req, ...rest) => {
    if (req.headers.origin === undefined && req.headers['sec-fetch-site'] === undefined) {
      req.headers.origin = origin;
    }
    handle(req, ...rest);
  };
}
