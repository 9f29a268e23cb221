import sharp from 'sharp';

/**
 * Edits that keep a face the same person's: the same-person half of the matcher's labelled pairs
 * (scripts/face-match-figures.ts), since no npm package ships one person photographed twice.
 */
const EDITS: Record<string, (image: Buffer, width: number, height: number) => Promise<Buffer>> = {
  mirrored: (image) => sharp(image).flop().toBuffer(),
  'cropped 84%': (image, width, height) =>
    sharp(image)
      .extract({
        left: Math.round(width * 0.08),
        top: Math.round(height * 0.05),
        width: Math.round(width * 0.84),
        height: Math.round(height * 0.88),
      })
      .toBuffer(),
  'lighter 30%': (image) => sharp(image).modulate({ brightness: 1.3 }).toBuffer(),
  'darker 30%': (image) => sharp(image).modulate({ brightness: 0.7 }).toBuffer(),
  blurred: (image) => sharp(image).blur(1.5).toBuffer(),
  'JPEG q25': (image) => sharp(image).jpeg({ quality: 25 }).toBuffer(),
  // Half the detail at the same size: a low-resolution photo scaled up.
  'half resolution': async (image, width) =>
    sharp(
      await sharp(image)
        .resize(Math.round(width / 2))
        .toBuffer(),
    )
      .resize(width)
      .toBuffer(),
  'tilted 15°': (image) => sharp(image).rotate(15, { background: '#808080' }).toBuffer(),
  greyscale: (image) => sharp(image).grayscale().toBuffer(),
};

export const SAME_PERSON_EDITS = Object.keys(EDITS);

export async function editFace(image: Buffer, edit: string): Promise<Buffer> {
  const apply = EDITS[edit];
  if (!apply) throw new Error(`unknown edit ${edit}`);
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return apply(image, width, height);
}
