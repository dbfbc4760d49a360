import { LocateFailure, locate } from '@/platform/geolocation.ts';

/** Why the browser gave no position, in words for the learner. */
export class LocateError extends Error {}

const WORDS = {
  unsupported: '您的浏览器不支持定位，无法打卡。请换用手机自带浏览器或微信打开。',
  denied: '没有获得定位权限，无法打卡。请在手机的“设置”中允许浏览器使用位置信息，然后再点“打卡”。',
  unavailable: '暂时无法获取您的位置，请到开阔处稍等片刻再试。',
} as const;

/**
 * The learner's current position for a check-in (a precise, fresh fix); rejects with a
 * {@link LocateError} whose message says what to do when it is denied, unavailable or slow.
 */
export async function currentPosition(): Promise<{ lat: number; lng: number }> {
  try {
    return await locate({ precise: true });
  } catch (error) {
    if (error instanceof LocateFailure) throw new LocateError(WORDS[error.reason]);
    throw error;
  }
}
