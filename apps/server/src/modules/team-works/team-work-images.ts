import { randomBytes } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import type { StoreFolder } from '../../platform/file-store.ts';

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

/** A picture that did not decode: the work is refused naming it (a store failure is not this). */
export class BrokenImage extends Error {}

/**
 * Makes the kept copies of an uploaded picture in `images`: turned upright by its EXIF
 * orientation, fitted within {@link IMAGE_SIDE} pixels, and a centred square thumbnail, both
 * WebP with the metadata (GPS position...) dropped. Throws BrokenImage when the file cannot be
 * decoded as an image, and FileStoreUnavailable when the store is down; keeps nothing then.
 */
export async function writeWorkImage(source: string, images: StoreFolder): Promise<WrittenImage> {
  let image: { data: Buffer; info: OutputInfo };
  let thumb: Buffer;
  try {
    const input = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    image = await input
      .clone()
      .resize(IMAGE_SIDE, IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    thumb = await input
      .clone()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 75 })
      .toBuffer();
  } catch (error) {
    throw new BrokenImage(error instanceof Error ? error.message : String(error));
  }
  const imageKey = newKey();
  const thumbKey = newKey();
  try {
    await images.files.put(`${images.folder}${imageKey}`, image.data);
    await images.files.put(`${images.folder}${thumbKey}`, thumb);
  } catch (error) {
    await removeWorkImages(images, [imageKey, thumbKey]).catch(() => undefined);
    throw error;
  }
  return { imageKey, thumbKey, width: image.info.width, height: image.info.height };
}

const KEY = /^[A-Za-z0-9_-]{22}\.webp$/;

/** Removes kept picture files by their names (only names of ours; missing ones are fine). */
export async function removeWorkImages(images: StoreFolder, keys: readonly string[]) {
  await images.files.remove(
    keys.filter((key) => KEY.test(key)).map((key) => `${images.folder}${key}`),
  );
}
