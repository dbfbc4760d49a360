import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@portal/contract';
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
export const PICTURE_SIDE = 1600;

/**
 * Makes the kept copy of a picture an operator uploads: upright, fitted within
 * {@link PICTURE_SIDE} pixels (never enlarged), WebP without metadata; the size is answered.
 */
export async function makePicture(source: string) {
  const { data, info } = await sharp(source, {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
  })
    .rotate()
    .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** How {@link keepImage} makes and checks the kept copy. */
export interface ImageRule {
  /** Makes the kept bytes from the received file (throws when it does not decode). */
  make: (source: string) => Promise<{ data: Buffer; width: number; height: number }>;
  maxBytes: number;
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
  let made: { data: Buffer; width: number; height: number };
  try {
    made = await rule.make(file.tempPath);
  } catch {
    throw invalid(`${field}：图片已损坏或无法识别，请换一张`);
  }
  const key = `${folder.folder}${randomBytes(16).toString('base64url')}.webp`;
  await folder.files.put(key, made.data);
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
