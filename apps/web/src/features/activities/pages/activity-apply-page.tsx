import { SignupForm } from '@/ui/signup-form.tsx';
import { FullRefusalNote, waitlistMode } from '@/ui/signup-status.tsx';
import { useActivityApply } from '../api/apply-activity.ts';
import { ActivitySummary, SignupGate } from '../components/signup-gate.tsx';

/**
 * `/activityApply?id=`: the form the activity asks for, checked here and again on the server; a
 * full activity (or one that filled up meanwhile) takes the learner on its waiting list.
 */
export function ActivityApplyPage() {
  const apply = useActivityApply();
  return (
    <SignupGate special={false} result={apply.data}>
      {(activity) => {
        const { raced, waitlist } = waitlistMode(activity.status, apply.error);
        return (
          <SignupForm
            fields={activity.formFields}
            pending={apply.isPending}
            error={apply.error}
            submitLabel={waitlist ? '加入候补' : '提交报名'}
            note={<FullRefusalNote shown={raced} />}
            onSubmit={(form) => apply.mutate({ activityId: activity.id, form, waitlist })}
          >
            <ActivitySummary activity={activity} raced={raced} />
          </SignupForm>
        );
      }}
    </SignupGate>
  );
}
