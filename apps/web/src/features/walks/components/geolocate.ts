/** Why the browser gave no position, in words for the learner. */
export class LocateError extends Error {}

/**
 * The learner's current position from the browser (WGS-84, as GPS reports it); rejects with a
 * {@link LocateError} whose message says what to do when it is denied, unavailable or slow.
 */
export function currentPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new LocateError('您的浏览器不支持定位，无法打卡。请换用手机自带浏览器或微信打开。'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) {
          reject(
            new LocateError(
              '没有获得定位权限，无法打卡。请在手机的“设置”中允许浏览器使用位置信息，然后再点“打卡”。',
            ),
          );
          return;
        }
        reject(new LocateError('暂时无法获取您的位置，请到开阔处稍等片刻再试。'));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}
