import type { ClassSignupResult } from '@portal/contract';
import type { SignupAnswer } from '@portal/contract/constants';
import { ErrorCode } from '@portal/contract/constants';
import { thenOfferReminders } from '@/platform/push-offer.ts';
import { useRefreshingMutation } from '@/platform/queries/mutation.ts';
import { post } from '@/platform/request.ts';

/** Every class query (lists, details, mine, the study tab's), refreshed after a signup or cancel. */
const CLASS_QUERIES = { queryKey: ['classes'] };

/**
 * `POST /api/classes/signup` (with `waitlist`, a full class takes the learner on its waiting
 * list) and `/cancel` (also leaves the waiting list). The form shows a 400 or 409 itself (next to
 * the button), so those are quiet; everything else goes to the app's failure policy.
 */
export const useClassSignup = () =>
  useRefreshingMutation(
    (body: { classId: number; form: Record<string, SignupAnswer>; waitlist?: boolean }) =>
      post<ClassSignupResult>('/classes/signup', body, {
        loginRequired: true,
        quiet: [ErrorCode.invalid, ErrorCode.conflict],
      }).then(thenOfferReminders),
    CLASS_QUERIES,
  );

export const useClassCancel = () =>
  useRefreshingMutation(
    (classId: number) =>
      post<ClassSignupResult>(
        '/classes/cancel',
        { classId },
        { loginRequired: true, quiet: [ErrorCode.conflict] },
      ),
    CLASS_QUERIES,
  );
