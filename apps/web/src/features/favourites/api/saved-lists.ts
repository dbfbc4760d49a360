import type { ContentRef, ContentType, FavouriteItem, HistoryItem } from '@portal/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

/** Which of the learner's two lists: favourites (我的收藏) or history (学习足迹). */
export type SavedKind = 'favourites' | 'history';

export type SavedItem = FavouriteItem | HistoryItem;

/**
 * `GET /api/favourites` or `GET /api/history`: one kind of content or all, newest first. Keys
 * start with the list's area (`favourites`, `history`), so a toggle elsewhere refreshes them.
 */
export const savedListQueryOptions = (kind: SavedKind, contentType: ContentType | undefined) =>
  pagedQueryOptions<SavedItem>(
    [kind, 'list', contentType ?? 'all'],
    `/${kind}`,
    { contentType },
    { loginRequired: true },
  );

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
