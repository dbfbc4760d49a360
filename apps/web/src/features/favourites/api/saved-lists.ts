import type { ContentRef, ContentType, FavouriteItem, HistoryItem, Page } from '@portal/contract';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { nextPageParam } from '@/platform/queries/paged.ts';
import { get, post } from '@/platform/request.ts';

/** Which of the learner's two lists: favourites (我的收藏) or history (学习足迹). */
export type SavedKind = 'favourites' | 'history';

export type SavedItem = FavouriteItem | HistoryItem;

const PAGE_SIZE = 20;

/**
 * `GET /api/favourites` or `GET /api/history`: one kind of content or all, newest first. Keys
 * start with the list's area (`favourites`, `history`), so a toggle elsewhere refreshes them.
 */
export const savedListQueryOptions = (kind: SavedKind, contentType: ContentType | undefined) =>
  infiniteQueryOptions({
    queryKey: [kind, 'list', contentType ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      get<Page<SavedItem>>(
        `/${kind}`,
        { contentType, page: pageParam, size: PAGE_SIZE },
        { signal, loginRequired: true },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export const useSavedList = (kind: SavedKind, contentType: ContentType | undefined) =>
  useInfiniteQuery(savedListQueryOptions(kind, contentType));

/** `POST /api/favourites/remove` or `/api/history/remove`: one entry goes. */
export function useRemoveSaved(kind: SavedKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ref: ContentRef) => post(`/${kind}/remove`, ref, { loginRequired: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [kind] }),
  });
}

/** `POST /api/favourites/clear` or `/api/history/clear`: all mine on this site go. */
export function useClearSaved(kind: SavedKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post<{ removed: number }>(`/${kind}/clear`, {}, { loginRequired: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [kind] }),
  });
}
