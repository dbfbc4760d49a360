import type { MessageUnread } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeLogin } from '../session.ts';
import { getQueryOptions } from './get.ts';

// The unread count is read by the tab bar (app) and the 我的 page (mine), and refreshed by the
// messages pages: its key starts with `messages`, so refreshing `['messages']` refreshes it.

/** `GET /api/messages/unread-count`: one small request, kept for a minute between refreshes. */
export const unreadMessagesQueryOptions = () =>
  getQueryOptions<MessageUnread>(
    ['messages', 'unread'],
    '/messages/unread-count',
    {},
    {
      loginRequired: true,
      // A badge that could not load is simply not shown: no toast over the page for it.
      quiet: true,
      staleTime: 60_000,
    },
  );

/** How many messages the learner has not read; 0 for a visitor (who asks nothing). */
export function useUnreadMessages(): number {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  const query = useQuery({ ...unreadMessagesQueryOptions(), enabled: loggedIn });
  return loggedIn ? (query.data?.unread ?? 0) : 0;
}
