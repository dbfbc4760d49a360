import type { ParticipantReviewResult } from '@portal/contract';
import type { ParticipantKind } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ApiError } from '@/api/client.ts';
import { participantKeys, reviewParticipants } from './api.ts';

export type ReviewDecision = 'accept' | 'refuse';

/** What a review did, as the toast says it: 已通过 2 人 / 已不通过 1 人，候补递补 1 人. */
export function reviewedText(decision: ReviewDecision, result: ParticipantReviewResult) {
  const done = `已${decision === 'accept' ? '通过' : '不通过'} ${result.reviewed} 人`;
  return result.promoted > 0 ? `${done}，候补递补 ${result.promoted} 人` : done;
}

/**
 * Refreshes what a change of an item's sign-ups touches: its list (and the heading's seats) and
 * the item's own pages (the edit form's seats taken).
 */
export function useRefreshSignups(kind: ParticipantKind) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: participantKeys.all }),
      kind === 'class' || kind === 'activity'
        ? client.invalidateQueries({ queryKey: [kind === 'class' ? 'classes' : 'activities'] })
        : undefined,
    ]);
}

/**
 * Accepts or refuses sign-ups of one class or activity (all of them or none): says what it did
 * and refreshes the list; a refusal of the server shows as a toast, and a list that changed
 * meanwhile (a learner no longer in the state chosen) is read again.
 */
export function useReview(kind: ParticipantKind, id: number) {
  const { message } = App.useApp();
  const refresh = useRefreshSignups(kind);
  return useMutation({
    mutationFn: ({
      userIds,
      decision,
      reason,
    }: {
      userIds: number[];
      decision: ReviewDecision;
      reason?: string;
    }) =>
      reviewParticipants({
        kind: kind === 'activity' ? 'activity' : 'class',
        id,
        userIds,
        decision,
        reason,
      }),
    onSuccess: (result, { decision }) => {
      message.success(reviewedText(decision, result));
      return refresh();
    },
    onError: (error) => {
      message.error(error.message);
      if (error instanceof ApiError && error.stale) return refresh();
    },
  });
}
