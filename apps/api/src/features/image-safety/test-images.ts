import sharp from 'sharp';

/**
 * Images for image-safety tests. With the stub scorer (stub-scorer.ts) a magenta picture reads as
 * explicit and anything else as harmless; the real model scores both as harmless.
 */
export async function harmlessJpeg(width = 320, height = 240): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

/** Stands for an explicit image in tests that use the stub scorer. */
export async function stubExplicitPng(width = 320, height = 240): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 255, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
}

/**
 * A photo-like picture (a gradient with noise, different for each seed) that decodes and scores
 * like a real photo would: for measuring the classifier (scripts/image-safety-figures.ts).
 */
export async function noisyJpeg(seed: number, width = 800, height = 600): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let state = (seed * 2654435761) >>> 0;
  for (let i = 0; i < raw.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const pixel = i / 3;
    raw[i] = Math.floor(((pixel % width) * 255) / width);
    raw[i + 1] = Math.floor((Math.floor(pixel / width) * 255) / height);
    raw[i + 2] = state >>> 24;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}
