import { randomBytes } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  PICTURE_WIDTHS,
  pictureName,
  smallerPictureWidths,
} from '@portal/contract';
import sharp from 'sharp';
import { invalid } from './errors.ts';
import type { StoreFolder } from './file-store.ts';
import { SNIFFED_TYPES, sniffMime } from './sniff-mime.ts';
import type { ReceivedFile } from './upload-store.ts';

/** The side of the square avatar the server keeps, in pixels. */
export const AVATAR_SIDE = 256;
/** Pictures larger than this many pixels are refused before they are decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Makes the kept avatar from an uploaded picture: turned upright by its EXIF orientation,
 * cropped to a centred square of {@link AVATAR_SIDE} pixels, as WebP bytes (metadata such as
 * GPS position dropped). Throws when the file cannot be decoded as an image.
 */
export async function makeAvatar(source: string): Promise<Buffer> {
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

/** The longest side of an operator's picture (a cover, an image in an article), in pixels. */
export const PICTURE_SIDE = PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1] as number;

/** A kept picture's bytes: its largest width, and the smaller widths made beside it. */
export interface MadeImage {
  data: Buffer;
  width: number;
  height: number;
  /** Smaller widths of the same picture (none for an avatar, which is shown at one size). */
  smaller?: { width: number; data: Buffer }[];
}

/**
 * Makes the kept copies of a picture an operator uploads: upright, fitted within
 * {@link PICTURE_SIDE} pixels (never enlarged), and each smaller width of
 * {@link smallerPictureWidths}, all WebP without metadata; the largest's size is answered.
 */
export async function makePicture(source: string): Promise<MadeImage> {
  const input = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const { data, info } = await input
    .clone()
    .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const smaller = [];
  for (const width of smallerPictureWidths(info.width)) {
    smaller.push({
      width,
      data: await input.clone().resize({ width }).webp({ quality: 80 }).toBuffer(),
    });
  }
  return { data, width: info.width, height: info.height, smaller };
}

/** How {@link keepImage} makes and checks the kept copy. */
export interface ImageRule {
  /** Makes the kept bytes from the received file (throws when it does not decode). */
  make: (source: string) => Promise<MadeImage>;
  maxBytes: number;
  /**
   * Keeps the file as it was uploaded too, privately under `originals/` + the folder (never
   * served: it may hold the camera's metadata, such as where it was taken).
   */
  keepOriginal?: boolean;
}

const AVATAR_RULE: ImageRule = {
  make: async (source) => ({
    data: await makeAvatar(source),
    width: AVATAR_SIDE,
    height: AVATAR_SIDE,
  }),
  maxBytes: AVATAR_MAX_BYTES,
};

/**
 * Keeps an uploaded picture (the first of `files`) in `folder` (served publicly under random
 * names): checked by its content (JPEG, PNG or WebP, and it must decode), made by the rule's
 * maker under a fresh random name. Refusals are 400s naming `field` (`头像`, `封面`); a store
 * that is down throws FileStoreUnavailable. Answers the kept file's key, URL and size.
 */
export async function keepImage(
  files: readonly ReceivedFile[],
  folder: StoreFolder,
  field: string,
  rule: ImageRule,
): Promise<{ key: string; url: string; width: number; height: number }> {
  const [file] = files;
  if (!file) throw invalid(`${field}：请选择一张图片`);
  if (file.tooLarge) throw invalid(`${field}：图片不能超过 ${rule.maxBytes / 1024 / 1024} MB`);
  const mime = sniffMime(file.head);
  if (mime === null || SNIFFED_TYPES[mime] === 'pdf') {
    throw invalid(`${field}：只能上传 JPG、PNG 或 WebP 图片`);
  }
  let made: MadeImage;
  try {
    made = await rule.make(file.tempPath);
  } catch {
    throw invalid(`${field}：图片已损坏或无法识别，请换一张`);
  }
  const id = randomBytes(16).toString('base64url');
  const named = (width: number) => `${folder.folder}${pictureName(id, width)}`;
  const key = made.smaller ? named(made.width) : `${folder.folder}${id}.webp`;
  const written: string[] = [];
  try {
    for (const { width, data } of made.smaller ?? []) {
      written.push(named(width));
      await folder.files.put(named(width), data);
    }
    written.push(key);
    await folder.files.put(key, made.data);
    if (rule.keepOriginal) {
      const original = `originals/${folder.folder}${id}.${SNIFFED_TYPES[mime]}`;
      written.push(original);
      await folder.files.moveIn(original, file.tempPath);
    }
  } catch (error) {
    await folder.files.remove(written).catch(() => undefined);
    throw error;
  }
  return { key, url: `/${key}`, width: made.width, height: made.height };
}

/** Keeps an uploaded avatar ({@link makeAvatar}); see {@link keepImage}. */
export async function keepAvatar(
  files: readonly ReceivedFile[],
  folder: StoreFolder,
  field: string,
): Promise<{ key: string; url: string }> {
  const { key, url } = await keepImage(files, folder, field, AVATAR_RULE);
  return { key, url };
}
