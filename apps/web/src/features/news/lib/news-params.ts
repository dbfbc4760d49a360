import type { ArticleKind } from '@portal/contract';
import { idParam } from '@/lib/id-param.ts';

/** The kinds the 资讯 page lists (通知 and 公告 have pages of their own). */
export const NEWS_PAGE_KINDS = ['news', 'fengcai', 'zanshi', 'talk'] as const;
export type NewsPageKind = (typeof NEWS_PAGE_KINDS)[number];

/** The 资讯 page's kind and channel from its address (`?kind=&channelId=`); 资讯 unless known. */
export function newsParams(params: URLSearchParams): { kind: NewsPageKind; channelId?: number } {
  const raw = params.get('kind');
  const kind = NEWS_PAGE_KINDS.find((known) => known === raw) ?? 'news';
  const channelId = idParam(params.get('channelId')) ?? undefined;
  return channelId === undefined ? { kind } : { kind, channelId };
}

/** The address's search for a kind and channel (资讯 and 全部 are left out). */
export function newsSearch(next: { kind: ArticleKind; channelId?: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (next.kind !== 'news') search.set('kind', next.kind);
  if (next.channelId) search.set('channelId', String(next.channelId));
  return search;
}
