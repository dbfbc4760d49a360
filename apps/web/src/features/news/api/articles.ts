import type {
  ArticleChannel,
  ArticleDetail,
  ArticleKind,
  ArticleReadAllResult,
  ArticleSummary,
} from '@portal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

/** Every article list's key starts with this (a read article refreshes them all). */
export const ARTICLE_LISTS_KEY = ['articles', 'list'] as const;

/** `GET /api/articles/channels?kind=`: the site's channels of one kind. */
export const articleChannelsQueryOptions = (kind: ArticleKind) =>
  getQueryOptions<ArticleChannel[]>(['articles', 'channels', kind], '/articles/channels', { kind });

export const useArticleChannels = (kind: ArticleKind) =>
  useQuery(articleChannelsQueryOptions(kind));

export interface ArticleListParams {
  kind: ArticleKind;
  channelId?: number;
}

/** `GET /api/articles`: pinned first, then newest; one key per kind and channel. */
export const articlesQueryOptions = (params: ArticleListParams) =>
  pagedQueryOptions<ArticleSummary>([...ARTICLE_LISTS_KEY, params], '/articles', {
    kind: params.kind,
    channelId: params.channelId,
  });

export const useArticles = (params: ArticleListParams) =>
  useInfiniteQuery(articlesQueryOptions(params));

/** `GET /api/articles/detail?id=`: the article (counts a view, marks it read for a learner). */
export const articleDetailQueryOptions = (id: number) =>
  detailQueryOptions<ArticleDetail>(['articles', 'detail', id], '/articles/detail', { id });

/** `POST /api/articles/read-all`: every notice (or info) of the kind read; the lists refresh. */
export const useReadAll = () =>
  useRefreshingMutation(
    (kind: 'info' | 'notice') =>
      post<ArticleReadAllResult>('/articles/read-all', { kind }, { loginRequired: true }),
    { queryKey: ARTICLE_LISTS_KEY },
  );
