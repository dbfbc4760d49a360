/**
 * antd-mobile's pull to refresh on its own, so that its animation and gesture libraries (about
 * 25 KB) arrive in their own chunk, after the list's first screen (see `paged-list.tsx`).
 */
export { PullToRefresh } from 'antd-mobile';
