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
