import type { ActivityDetail } from '@portal/contract';
import { validateSignupForm } from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { ApiError } from '@/platform/request.ts';
import { filledAnswers, type SignupAnswers, SignupFields } from '@/ui/signup-fields.tsx';
import { useActivityApply } from '../api/apply-activity.ts';
import { SignupGate, SignupSummary } from '../components/signup-gate.tsx';
import '../activities.css';

function ApplyForm({
  activity,
  apply,
}: {
  activity: ActivityDetail;
  apply: ReturnType<typeof useActivityApply>;
}) {
  const [values, setValues] = useState<SignupAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = apply.error instanceof ApiError ? apply.error.message : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignupForm(activity.formFields, filledAnswers(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    apply.mutate({ activityId: activity.id, form: checked.form });
  };

  return (
    <form className="signup-form" onSubmit={handleSubmit} noValidate>
      <SignupSummary activity={activity} />
      <SignupFields
        fields={activity.formFields}
        values={values}
        errors={errors}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
      />
      {serverError ? (
        <p className="signup-error signup-server-error" role="alert">
          {serverError}
        </p>
      ) : null}
      <Button block color="primary" size="large" type="submit" loading={apply.isPending}>
        提交报名
      </Button>
    </form>
  );
}

/** `/activityApply?id=`: the form the activity asks for, checked here and again on the server. */
export function ActivityApplyPage() {
  const apply = useActivityApply();
  return (
    <SignupGate special={false} done={apply.isSuccess}>
      {(activity) => <ApplyForm activity={activity} apply={apply} />}
    </SignupGate>
  );
}
