import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

const base = {
  NODE_ENV: 'test',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-storage-config-')),
};
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env });

describe('MEDIA_STORAGE settings', () => {
  it('keeps media on the local disk by default', () => {
    expect(load({}).mediaStorage).toEqual({ kind: 'local' });
  });

  it('reads the S3 settings, path-style by default for a self-hosted endpoint', () => {
    expect(
      load({
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).mediaStorage,
    ).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
  });

  it('uses virtual-host addressing and the default credentials chain on AWS itself', () => {
    expect(
      load({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_REGION: 'eu-west-1' }).mediaStorage,
    ).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses S3 without a bucket, half a key pair, or an unknown store', () => {
    expect(() => load({ MEDIA_STORAGE: 's3' })).toThrow(
      /S3_BUCKET: required when MEDIA_STORAGE=s3/,
    );
    expect(() =>
      load({ MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }),
    ).toThrow(ConfigError);
    expect(() => load({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE: must be local or s3/);
    expect(() => load({ MEDIA_STORAGE: 's3', S3_BUCKET: 'm', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: must be true or false/,
    );
  });
});
