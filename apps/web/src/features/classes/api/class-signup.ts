import type { ClassSignupResult } from '@portal/contract';
import type { SignupAnswer } from '@portal/contract/constants';
import { ErrorCode } from '@portal/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/platform/request.ts';

/**
 * `POST /api/classes/signup` and `/cancel`. The form shows a 400 or 409 itself (next to the
 * button), so those are quiet; everything else goes to the app's failure policy.
 */
export function useClassSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { classId: number; form: Record<string, SignupAnswer> }) =>
      post<ClassSignupResult>('/classes/signup', body, {
        loginRequired: true,
        quiet: [ErrorCode.invalid, ErrorCode.conflict],
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['classes'] }),
  });
}

export function useClassCancel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (classId: number) =>
      post<ClassSignupResult>(
        '/classes/cancel',
        { classId },
        { loginRequired: true, quiet: [ErrorCode.conflict] },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['classes'] }),
  });
}
