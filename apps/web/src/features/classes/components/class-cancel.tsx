import { ApiError } from '@/platform/request.ts';
import { CancelSignupButton } from '@/ui/signup-status.tsx';
import { useClassCancel } from '../api/class-signup.ts';

/** 取消报名 of a class, or 取消候补 for a learner on its waiting list, asking first. */
export function ClassCancel({
  classId,
  title,
  waiting,
}: {
  classId: number;
  title: string;
  waiting: boolean;
}) {
  const cancel = useClassCancel();
  return (
    <CancelSignupButton
      waiting={waiting}
      title={title}
      pending={cancel.isPending}
      error={cancel.error instanceof ApiError ? cancel.error.message : null}
      onConfirm={(done) => cancel.mutate(classId, { onSettled: done })}
    />
  );
}
