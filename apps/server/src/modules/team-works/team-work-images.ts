import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The longest side of a kept picture, in pixels (smaller ones are kept at their size). */
export const IMAGE_SIDE = 1600;
/** The side of the square thumbnail shown in lists and grids. */
export const THUMB_SIDE = 360;
/** Pictures larger than this many pixels are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The two WebP files made of one uploaded picture, by their names in the folder. */
export interface WrittenImage {
  imageKey: string;
  thumbKey: string;
  width: number;
  height: number;
}

const newKey = () => `${randomBytes(16).toString('base64url')}.webp`;

/**
 * Makes the kept copies of an uploaded picture in `dir`: turned upright by its EXIF orientation,
 * fitted within {@link IMAGE_SIDE} pixels, and a centred square thumbnail, both WebP with the
 * metadata (GPS position...) dropped. Throws when the file cannot be decoded as an image; writes
 * nothing then.
 */
export async function writeWorkImage(source: string, dir: string): Promise<WrittenImage> {
  fs.mkdirSync(dir, { recursive: true });
  const imageKey = newKey();
  const thumbKey = newKey();
  try {
    const input = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const info = await input
      .clone()
      .resize(IMAGE_SIDE, IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(path.join(dir, imageKey));
    await input
      .clone()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 75 })
      .toFile(path.join(dir, thumbKey));
    return { imageKey, thumbKey, width: info.width, height: info.height };
  } catch (error) {
    await removeWorkImages(dir, [imageKey, thumbKey]);
    throw error;
  }
}

const KEY = /^[A-Za-z0-9_-]{22}\.webp$/;

/** Removes kept picture files by their names (only names of ours; missing ones are fine). */
export async function removeWorkImages(dir: string, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys
      .filter((key) => KEY.test(key))
      .map((key) => fs.promises.rm(path.join(dir, key), { force: true })),
  );
}
