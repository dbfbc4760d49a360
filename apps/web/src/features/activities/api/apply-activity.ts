import type { ActivityApplyResult } from '@portal/contract';
import type { SignupAnswer } from '@portal/contract/constants';
import { ErrorCode } from '@portal/contract/constants';
import type { InvalidateQueryFilters } from '@tanstack/react-query';
import { thenOfferReminders } from '@/platform/push-offer.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { post, postMultipart } from '@/platform/request.ts';

export interface ApplyInput {
  activityId: number;
  form: Record<string, SignupAnswer>;
  /** A full activity takes the learner on its waiting list (候补) rather than refusing them. */
  waitlist?: boolean;
}

/**
 * Every activity query, refreshed after an apply or a cancel (lists, details, mine), except the
 * attachment blobs, which never change.
 */
const ACTIVITY_QUERIES: InvalidateQueryFilters = {
  queryKey: ['activities'],
  predicate: (query) => query.queryKey[1] !== 'attachment',
};

/** The form shows a 400 or 409 itself (next to the button); the rest goes to the app's policy. */
const FORM_HANDLES = [ErrorCode.invalid, ErrorCode.conflict];

/** `POST /api/activities/apply` (JSON): an activity without attachments. */
export const useActivityApply = () =>
  useRefreshingMutation(
    (body: ApplyInput) =>
      post<ActivityApplyResult>('/activities/apply', body, {
        loginRequired: true,
        quiet: FORM_HANDLES,
      }).then(thenOfferReminders),
    ACTIVITY_QUERIES,
  );

/**
 * The multipart body of a special activity's signup: `activityId`, `form` as a JSON string,
 * `waitlist` (only when joining the waiting list) and each file under `files`.
 */
export function applyFormData(
  { activityId, form, waitlist }: ApplyInput,
  files: readonly File[],
): FormData {
  const data = new FormData();
  data.append('activityId', String(activityId));
  data.append('form', JSON.stringify(form));
  if (waitlist) data.append('waitlist', 'true');
  for (const file of files) data.append('files', file, file.name);
  return data;
}

/** `POST /api/activities/apply-with-files` (multipart): a special activity with its files. */
export const useActivityApplyWithFiles = () =>
  useRefreshingMutation(
    ({ files, ...input }: ApplyInput & { files: readonly File[] }) =>
      postMultipart<ActivityApplyResult>(
        '/activities/apply-with-files',
        applyFormData(input, files),
        { quiet: FORM_HANDLES },
      ).then(thenOfferReminders),
    ACTIVITY_QUERIES,
  );

/**
 * `POST /api/activities/cancel`: allowed while the signup window is open; frees the seat (or
 * leaves the waiting list).
 */
export const useActivityCancel = () =>
  useRefreshingMutation(
    (activityId: number) =>
      post<ActivityApplyResult>(
        '/activities/cancel',
        { activityId },
        { loginRequired: true, quiet: [ErrorCode.conflict] },
      ),
    ACTIVITY_QUERIES,
  );
