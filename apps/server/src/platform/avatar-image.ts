import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@portal/contract';
import sharp from 'sharp';
import { invalid } from './errors.ts';
import { SNIFFED_TYPES, sniffMime } from './sniff-mime.ts';
import type { ReceivedFile } from './upload-store.ts';

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

/** Where kept avatars live (served publicly under random names) and their URL path prefix. */
export interface AvatarFolder {
  dir: string;
  /** e.g. `/files/avatars/`. */
  urlPrefix: string;
}

/**
 * Keeps the uploaded picture (the first of `files`) as an avatar in `folder`: checked by its
 * content (JPEG, PNG or WebP, and it must decode), made by {@link writeAvatar} under a fresh
 * random name. Refusals are 400s naming `field` (`头像`, `团队头像`). Answers the kept file's path
 * and URL.
 */
export async function keepAvatar(
  files: readonly ReceivedFile[],
  folder: AvatarFolder,
  field: string,
): Promise<{ target: string; url: string }> {
  const [file] = files;
  if (!file) throw invalid(`${field}：请选择一张图片`);
  if (file.tooLarge) throw invalid(`${field}：图片不能超过 ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
  const mime = sniffMime(file.head);
  if (mime === null || SNIFFED_TYPES[mime] === 'pdf') {
    throw invalid(`${field}：只能上传 JPG、PNG 或 WebP 图片`);
  }
  fs.mkdirSync(folder.dir, { recursive: true });
  const name = `${randomBytes(16).toString('base64url')}.webp`;
  const target = path.join(folder.dir, name);
  try {
    await writeAvatar(file.tempPath, target);
  } catch {
    await fs.promises.rm(target, { force: true });
    throw invalid(`${field}：图片已损坏或无法识别，请换一张`);
  }
  return { target, url: `${folder.urlPrefix}${name}` };
}
