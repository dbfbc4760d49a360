import { SignupForm } from '@/ui/signup-form.tsx';
import { useActivityApply } from '../api/apply-activity.ts';
import { ActivitySummary, SignupGate } from '../components/signup-gate.tsx';

/** `/activityApply?id=`: the form the activity asks for, checked here and again on the server. */
export function ActivityApplyPage() {
  const apply = useActivityApply();
  return (
    <SignupGate special={false} done={apply.isSuccess}>
      {(activity) => (
        <SignupForm
          fields={activity.formFields}
          pending={apply.isPending}
          error={apply.error}
          onSubmit={(form) => apply.mutate({ activityId: activity.id, form })}
        >
          <ActivitySummary activity={activity} />
        </SignupForm>
      )}
    </SignupGate>
  );
}
