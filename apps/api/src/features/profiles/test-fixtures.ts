import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import type { TestApp } from '../../test/app.js';

/** Test-only helpers for the profile and photo tests (files made here, with sharp). */

export async function plainJpeg(width = 64, height = 48, color = '#c04060'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export async function plainPng(width = 40, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: '#3366cc80' } })
    .png()
    .toBuffer();
}

export async function plainWebp(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#22aa44' } })
    .webp()
    .toBuffer();
}

/** A JPEG whose EXIF carries GPS coordinates (Paris) and a camera make, and orientation 6 (rotate 90°). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#808000' } })
    .jpeg()
    .keepExif()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'KindredTestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 24/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 3/1',
      },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny, well-formed PNG header that declares a huge canvas (a decompression bomb's shape): a few
 * hundred bytes that would need width×height bytes of memory once decoded.
 */
export function pngBomb(width = 20_000, height = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const firstRows = deflateSync(Buffer.alloc(1 + width * 4)); // a few rows of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function uploadPhoto(t: TestApp, cookie: string, file: Buffer, filename = 'photo.jpg') {
  return request(t.app)
    .post('/api/profile/upload-photo')
    .set('Cookie', cookie)
    .attach('photo', file, filename);
}

/** Uploads `count` small photos and returns their URLs in order. */
export async function uploadPhotos(t: TestApp, cookie: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const res = await uploadPhoto(t, cookie, await plainJpeg(32 + index, 32), `p${index}.jpg`);
    if (res.status !== 201) throw new Error(`upload ${index} failed: ${JSON.stringify(res.body)}`);
    urls.push(res.body.url as string);
  }
  return urls;
}

export function validProfile(overrides: Record<string, unknown> = {}) {
  return {
    plan: 'free',
    firstName: 'Zoë',
    lastName: 'Dupont',
    age: 29,
    gender: 'female',
    sexuality: 'bisexual',
    location: {
      formatted_address: 'Paris, Île-de-France, France',
      city: 'Paris',
      country: 'France',
      latitude: 48.8566123,
      longitude: 2.3522456,
    },
    bio: 'Coffee, books and long walks.',
    interests: ['Travel', 'Reading', 'Art'],
    photos: [] as string[],
    ...overrides,
  };
}
