import sharp from 'sharp';
import { MODEL_INPUT_SIZE } from './nsfw-score.js';

/** An image as the model reads it: MODEL_INPUT_SIZE² pixels, RGB, one byte per channel. */
export interface ModelInput {
  pixels: Uint8Array;
}

/**
 * Decodes and squeezes a stored image to the model's input, on sharp's own threads (the event
 * loop is not held). Transparent areas are laid on white, as browsers show them on our pages.
 * The images reaching here were already checked and re-encoded (media/processing.ts).
 */
export async function toModelInput(bytes: Uint8Array): Promise<ModelInput> {
  const data = await sharp(bytes, { failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
  if (data.length !== MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3) {
    throw new Error(`unexpected decoded size ${data.length}`);
  }
  return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
