import { formatDate } from '@/lib/format-date.ts';
import { takeUpdate, useAppUpdate } from '@/platform/app-update.ts';
import { useOfflineState } from '@/platform/offline-state.ts';
import { useWaitingCount } from '@/platform/outbox/outbox-count.ts';
import './status-banners.css';

/**
 * 离线: the network is gone, when what the page shows was received (if kept), and how many of
 * the learner's writes wait in the outbox.
 */
function OfflineBanner() {
  const { offline, keptAt } = useOfflineState();
  const waiting = useWaitingCount();
  if (!offline) return null;
  return (
    <div className="status-banner offline">
      <span className="status-banner-text">
        {keptAt === null
          ? '离线：网络未连接'
          : `离线：显示的是 ${formatDate(keptAt, 'M月d日 hh:mm')} 保存的内容`}
        {waiting > 0 ? (
          <small className="status-banner-note">{`${waiting} 条学习记录待联网后上传`}</small>
        ) : null}
      </span>
    </div>
  );
}

/**
 * 有新版本: while a new version of the portal waits, with 立即更新 to take it now (it is also
 * taken at the next move to another page while nothing plays).
 */
function UpdateBanner() {
  const update = useAppUpdate();
  if (update === 'none') return null;
  return (
    <div className="status-banner">
      <span className="status-banner-text">
        {update === 'taking' ? '正在更新…' : '有新版本，换页时自动更新'}
      </span>
      <button type="button" onClick={takeUpdate} disabled={update === 'taking'}>
        立即更新
      </button>
    </div>
  );
}

/**
 * The portal's status banners above the tab bar: 离线 and 有新版本, announced as they change (a
 * live region, not a `status` role: a page's own status line stays the page's only one).
 */
export function StatusBanners() {
  return (
    <div className="status-banners" aria-live="polite">
      <OfflineBanner />
      <UpdateBanner />
    </div>
  );
}
