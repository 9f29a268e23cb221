import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import {
  assertMediaKey,
  mediaBodyStream,
  type MediaStorage,
  type StoredMediaInfo,
} from './storage.js';
import { mediaCopyKeys } from './variants.js';

export interface S3StorageConfig {
  /** Unset: AWS itself; set for any S3-compatible server (MinIO, Ceph, R2, s3rver…). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's default chain (environment, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: the smallest S3 allows, two in flight, so an upload holds ~10 MB. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === 'NotFound' ||
    error.name === 'NoSuchKey');

/**
 * Media in an S3-compatible bucket. Writes stream through a multipart upload (a video is never
 * read whole into memory); reads ask the bucket for exactly the byte range the member asked for.
 * The bucket stays private: members reach objects only through the API's media route.
 */
export function createS3Storage(
  config: S3StorageConfig,
  client = createS3Client(config),
): MediaStorage {
  const bucket = config.bucket;
  const statOf = async (key: string): Promise<StoredMediaInfo | undefined> => {
    assertMediaKey(key);
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { size: head.ContentLength ?? 0, lastModified: head.LastModified };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, body, options) {
      assertMediaKey(key);
      const upload = new Upload({
        client,
        params: {
          Bucket: bucket,
          Key: key,
          Body: Buffer.isBuffer(body) ? body : mediaBodyStream(body),
          ContentType: options?.contentType,
        },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        // A failed upload leaves no parts behind to be billed for.
        leavePartsOnError: false,
      });
      await upload.done();
    },
    stat: statOf,
    async exists(key) {
      return (await statOf(key)) !== undefined;
    },
    async read(key, range) {
      assertMediaKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // In Node the SDK's body is a Readable (an IncomingMessage with helpers mixed in).
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      // Deleting a key that does not exist succeeds in S3: copies are removed without a look first.
      await Promise.all(
        [key, ...mediaCopyKeys(key)].map((each) =>
          client.send(new DeleteObjectCommand({ Bucket: bucket, Key: each })),
        ),
      );
    },
    localPath() {
      throw new Error('Media in S3 storage has no local file path');
    },
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's newer
    // default (CRC32 trailers on every upload) or do not send them back.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
