import { TEAM_WORK_IMAGE_MAX_BYTES, TEAM_WORK_MAX_IMAGES } from '@portal/contract/constants';
import { IMAGE_TYPES } from '@/lib/files.ts';

const TYPES = new Set(IMAGE_TYPES.split(','));
const MB = 1024 * 1024;

/**
 * Splits newly picked files into those that fit after `already` pictures and the reasons the
 * others were left out: not a JPG, PNG or WebP picture, empty, over the size limit, or past the
 * limit of {@link TEAM_WORK_MAX_IMAGES}.
 */
export function checkPickedImages(picked: readonly File[], already: number) {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of picked) {
    if (!TYPES.has(file.type)) {
      problems.push(`「${file.name}」不是图片，只能上传 JPG、PNG 或 WebP 图片`);
    } else if (file.size === 0) {
      problems.push(`「${file.name}」是空文件`);
    } else if (file.size > TEAM_WORK_IMAGE_MAX_BYTES) {
      problems.push(
        `「${file.name}」超过 ${TEAM_WORK_IMAGE_MAX_BYTES / MB} MB，请换一张较小的图片`,
      );
    } else if (already + accepted.length >= TEAM_WORK_MAX_IMAGES) {
      problems.push(`图片最多上传 ${TEAM_WORK_MAX_IMAGES} 张，「${file.name}」没有加入`);
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}
