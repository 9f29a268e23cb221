import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackS3, type LoopbackS3 } from '../../test/s3-server.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, newMediaKey, readMediaBytes, type MediaStorage } from './storage.js';

/** The one contract both stores keep: what the media features and routes rely on. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: MediaStorage; close(): Promise<void> }>,
) {
  describe(`${name} media storage`, () => {
    let storage: MediaStorage;
    let close: () => Promise<void>;
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'kindred-storage-contract-'));
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => {
      await close();
      rmSync(scratch, { recursive: true, force: true });
    });

    const text = Buffer.from('0123456789abcdefghijklmnopqrstuvwxyz');

    it('stores a buffer and reads it back whole, with its size', async () => {
      const key = newMediaKey('webp');
      expect(await storage.exists(key)).toBe(false);
      await storage.put(key, text, { contentType: 'image/webp' });
      expect(await storage.exists(key)).toBe(true);
      expect((await storage.stat(key))?.size).toBe(text.length);
      expect(await readMediaBytes(storage, key)).toEqual(text);
    });

    it('reads exactly the byte range asked for (both ends included)', async () => {
      const key = newMediaKey('mp4');
      await storage.put(key, text);
      expect((await readStream(await storage.read(key, { start: 10, end: 19 })))!.toString()).toBe(
        'abcdefghij',
      );
      expect((await readStream(await storage.read(key, { start: 35, end: 35 })))!.toString()).toBe(
        'z',
      );
    });

    it('stores a stream larger than one multipart part without a whole-file buffer', async () => {
      const key = newMediaKey('mp4');
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const chunks = 11; // 11 MB: three parts of an S3 multipart upload
      const stream = Readable.from(
        (function* () {
          for (let index = 0; index < chunks; index += 1) yield chunk;
        })(),
      );
      await storage.put(key, stream, { contentType: 'video/mp4' });
      expect((await storage.stat(key))?.size).toBe(chunk.length * chunks);
      const tail = await readStream(
        await storage.read(key, {
          start: chunk.length * chunks - 4,
          end: chunk.length * chunks - 1,
        }),
      );
      expect(tail).toEqual(Buffer.from([7, 7, 7, 7]));
    });

    it('stores a file from disk (an upload’s temporary file)', async () => {
      const key = newMediaKey('webm');
      const file = path.join(scratch, 'upload.tmp');
      writeFileSync(file, text);
      await storage.put(key, { filePath: file });
      expect(await readMediaBytes(storage, key)).toEqual(text);
    });

    it('deletes: the object is gone, and deleting it again is no error', async () => {
      const key = newMediaKey('png');
      await storage.put(key, text);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.stat(key)).toBeUndefined();
      expect(await storage.read(key)).toBeUndefined();
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('answers undefined for a key never stored', async () => {
      const key = newMediaKey('jpg');
      expect(await storage.stat(key)).toBeUndefined();
      expect(await storage.read(key)).toBeUndefined();
      expect(await readMediaBytes(storage, key)).toBeUndefined();
    });

    it('refuses a key it did not issue (no path or bucket traversal)', async () => {
      await expect(storage.put('../../etc/passwd', text)).rejects.toThrow(/Invalid media key/);
      await expect(storage.read('a/../../b.mp4')).rejects.toThrow(/Invalid media key/);
      await expect(storage.delete('')).rejects.toThrow(/Invalid media key/);
    });
  });
}

async function readStream(stream: Readable | undefined): Promise<Buffer | undefined> {
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

storageContract('local disk', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'kindred-local-media-'));
  return {
    storage: createLocalStorage(root),
    async close() {
      rmSync(root, { recursive: true, force: true });
    },
  };
});

storageContract('S3 (s3rver on loopback)', async () => {
  const server: LoopbackS3 = await startLoopbackS3();
  return { storage: createS3Storage(server.config), close: () => server.close() };
});
