import type { MessageDetail, MessageSummary, MessageUnread } from '@portal/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { detailQueryOptions } from '@/platform/queries/detail.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { pagedQueryOptions } from '@/platform/queries/paged.ts';
import { post } from '@/platform/request.ts';

// Keys start with `messages`: reading one or all refreshes the list and the unread count
// (`platform/queries/unread-messages.ts`) together.

/** `GET /api/messages`: my messages and the site's notices, newest first. */
export const messageListQueryOptions = () =>
  pagedQueryOptions<MessageSummary>(['messages', 'list'], '/messages', {}, { loginRequired: true });

export const useMessageList = () => useInfiniteQuery(messageListQueryOptions());

/** `GET /api/messages/detail?id=`: one message; the server marks it read. */
export const messageDetailQueryOptions = (id: number) =>
  detailQueryOptions<MessageDetail>(
    ['messages', 'detail', id],
    '/messages/detail',
    { id },
    {
      loginRequired: true,
    },
  );

/** Refreshes the list and the unread count after a message was opened (and so read). */
export function useRefreshAfterRead() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['messages', 'unread'] }),
      client.invalidateQueries({ queryKey: ['messages', 'list'] }),
    ]);
}

/** `POST /api/messages/read-all`: everything read; refreshes every messages query. */
export const useReadAll = () =>
  useRefreshingMutation(
    () => post<MessageUnread>('/messages/read-all', {}, { loginRequired: true }),
    { queryKey: ['messages'] },
  );
