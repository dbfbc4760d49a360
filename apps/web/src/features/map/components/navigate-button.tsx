import { plainToast } from '@/platform/feedback.ts';
import { type Destination, navigationUrl } from '../lib/navigation.ts';

/** How long the page waits for the map app to take over before it copies the address. */
const HANDOVER_MS = 1500;

/**
 * 导航: hands the place to the phone's map app; when no app takes it (the page stays in front),
 * copies the address and says so, so the learner can paste it into any map.
 */
export function NavigateButton({ place }: { place: Destination }) {
  const handleClick = () => {
    let left = false;
    const onHide = () => {
      if (document.visibilityState === 'hidden') left = true;
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('blur', onHide);
    window.setTimeout(() => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('blur', onHide);
      if (left) return;
      const text = `${place.name} ${place.address}`;
      navigator.clipboard?.writeText(text).then(
        () => plainToast('未能打开地图应用，已复制地址，可粘贴到地图中搜索'),
        () => plainToast(`未能打开地图应用，地址：${place.address}`),
      ) ?? plainToast(`未能打开地图应用，地址：${place.address}`);
    }, HANDOVER_MS);
    window.location.href = navigationUrl(place, navigator.userAgent);
  };
  return (
    <button type="button" className="link-button primary" onClick={handleClick}>
      导航
    </button>
  );
}
