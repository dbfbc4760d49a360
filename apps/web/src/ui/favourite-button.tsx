import type { ContentType, FavouriteState } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { loginCheck } from '@/platform/login-check.ts';
import { sendOrKeep, warmOutbox } from '@/platform/outbox/outbox-lazy.ts';
import { getQueryOptions } from '@/platform/queries/get.ts';
import { post } from '@/platform/request.ts';
import { isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { afterPaint, useFirstScreenPainted } from './after-paint.ts';

// What this page writes may have to wait for the network: the outbox's code comes early.
warmOutbox();

/**
 * The favourite toggle and the view record that every detail page shares (courses and classes
 * now; activities and e-books later). Their query keys start with `favourites` and `history`,
 * the keys of the /collect and /footmark lists, so a toggle here refreshes those lists.
 */
export const favouriteStateQueryOptions = (contentType: ContentType, contentId: number) =>
  getQueryOptions<FavouriteState>(
    ['favourites', 'state', contentType, contentId],
    '/favourites/state',
    { contentType, contentId },
    { loginRequired: true },
  );

function useFavouriteToggle(contentType: ContentType, contentId: number) {
  const client = useQueryClient();
  const key = favouriteStateQueryOptions(contentType, contentId).queryKey;
  return useMutation({
    // Offline, the choice is kept in the outbox and sent when the network returns (issue 32).
    mutationFn: async (favourite: boolean) =>
      (await sendOrKeep<FavouriteState>(
        favourite ? '/favourites' : '/favourites/remove',
        { contentType, contentId },
        { what: '收藏', quiet: false },
      )) ?? { favourited: favourite },
    // Optimistic: the heart changes at once and goes back if the server says no.
    onMutate: async (favourite) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      client.setQueryData(key, { favourited: favourite });
      return { previous };
    },
    onError: (_error, _favourite, context) => {
      client.setQueryData(key, context?.previous);
    },
    onSuccess: (state) => client.setQueryData(key, state),
    onSettled: () => client.invalidateQueries({ queryKey: ['favourites', 'list'] }),
  });
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.3C1.7 8 3.6 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.6 0 5.5 3.5 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 收藏 / 已收藏 for a piece of content (a toggle button, `aria-pressed`). A visitor's tap opens the
 * login check before anything is sent.
 */
export function FavouriteButton({
  contentType,
  contentId,
}: {
  contentType: ContentType;
  contentId: number;
}) {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  // Asked once the first screen has painted (a page opened later asks at once).
  const painted = useFirstScreenPainted();
  const state = useQuery({
    ...favouriteStateQueryOptions(contentType, contentId),
    enabled: loggedIn && painted,
  });
  const toggle = useFavouriteToggle(contentType, contentId);
  const favourited = loggedIn && state.data?.favourited === true;

  const handleToggle = async () => {
    if (!(await loginCheck())) return;
    if (toggle.isPending) return;
    toggle.mutate(!favourited);
  };

  return (
    <button
      type="button"
      className="share-button favourite-button"
      aria-pressed={favourited}
      style={{ marginRight: 6, ...(favourited ? { color: 'var(--portal-danger)' } : {}) }}
      onClick={handleToggle}
    >
      <Heart filled={favourited} />
      {favourited ? '已收藏' : '收藏'}
    </button>
  );
}

/**
 * Records that a logged-in learner opened the content (学习足迹), once per content a page shows.
 * Fire and forget: a failure is not shown to the learner.
 */
export function useRecordView(contentType: ContentType, contentId: number | null | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!contentId || !isLoggedIn()) return;
    // After the page has painted: not in the wave of requests its first screen waits on.
    return afterPaint(() => {
      post('/history', { contentType, contentId }, { quiet: true, loginRequired: true })
        .then(() => client.invalidateQueries({ queryKey: ['history'] }))
        .catch(() => {});
    });
  }, [client, contentType, contentId]);
}
