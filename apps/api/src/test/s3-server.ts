import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../features/media/index.js';

export interface LoopbackS3 {
  /** The storage settings of a bucket on this server. */
  config: S3StorageConfig;
  /** The same settings as the environment variables an operator would set. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const BUCKET = 'kindred-media';
/** s3rver checks request signatures against these fixed credentials. */
const ACCESS_KEY = 'S3RVER';

/** A real S3-compatible server (s3rver) on loopback, with one empty bucket, for one test file. */
export async function startLoopbackS3(): Promise<LoopbackS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'kindred-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      endpoint,
      bucket: BUCKET,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
    },
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
