import sharp from 'sharp';

/** The side of the square avatar the server keeps, in pixels. */
export const AVATAR_SIDE = 256;
/** Pictures larger than this many pixels are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Makes the kept avatar from an uploaded picture: turned upright by its EXIF orientation,
 * cropped to a centred square of {@link AVATAR_SIDE} pixels and written as WebP to `target`
 * (metadata such as GPS position dropped). Throws when the file cannot be decoded as an image.
 */
export async function writeAvatar(source: string, target: string): Promise<void> {
  await sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toFile(target);
}
