import type { ActivityDetail, AttachmentRule } from '@portal/contract';
import { useState, useSyncExternalStore } from 'react';
import { loginCheck } from '@/platform/login-check.ts';
import { goToLogin, isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import { Callout } from '@/ui/callout.tsx';
import { usePickedFiles } from '@/ui/file-picker.tsx';
import type { SignupAnswers } from '@/ui/signup-fields.tsx';
import { SignupForm } from '@/ui/signup-form.tsx';
import { FullRefusalNote, waitlistMode } from '@/ui/signup-status.tsx';
import { useActivityApplyWithFiles } from '../api/apply-activity.ts';
import { AttachmentField } from '../components/attachment-field.tsx';
import { attachmentsError, pickFiles } from '../components/file-check.ts';
import { ActivitySummary, SignupGate } from '../components/signup-gate.tsx';

/** A special activity without a rule of its own takes no files. */
const NO_FILES: AttachmentRule = {
  label: '报名材料',
  required: false,
  maxCount: 0,
  maxBytes: 0,
  accept: [],
};

function LoginNotice() {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  if (loggedIn) return null;
  return (
    <Callout
      tone="warning"
      action={
        <button type="button" className="link-button primary" onClick={() => goToLogin()}>
          去登录
        </button>
      }
    >
      <p>您还未登录，登录后才能提交报名。</p>
    </Callout>
  );
}

function ExtensionForm({
  activity,
  apply,
}: {
  activity: ActivityDetail;
  apply: ReturnType<typeof useActivityApplyWithFiles>;
}) {
  const rule = activity.attachments ?? NO_FILES;
  const [fileError, setFileError] = useState<string | null>(null);
  const picked = usePickedFiles((current, incoming) => {
    const { accepted, errors } = pickFiles(current, incoming, rule);
    return { accepted, problems: errors };
  });
  const files = picked.files.map((entry) => entry.file);

  const checkFiles = () => {
    const wrong = activity.attachments ? attachmentsError(files, activity.attachments) : null;
    setFileError(wrong);
    return wrong === null;
  };
  const { raced, waitlist } = waitlistMode(activity.status, apply.error);
  const handleSubmit = async (form: SignupAnswers) => {
    // The multipart call has no login-required flag: the check comes first, here.
    if (!(await loginCheck())) return;
    apply.mutate({ activityId: activity.id, form, waitlist, files });
  };

  return (
    <SignupForm
      fields={activity.formFields}
      pending={apply.isPending}
      error={apply.error}
      submitLabel={waitlist ? '加入候补' : '提交报名'}
      note={<FullRefusalNote shown={raced} />}
      checkExtra={checkFiles}
      onSubmit={handleSubmit}
      extra={
        activity.attachments ? (
          <AttachmentField
            rule={activity.attachments}
            files={picked.files}
            errors={picked.problems}
            error={fileError}
            onPick={(picks) => {
              setFileError(null);
              picked.add(picks);
            }}
            onRemove={picked.remove}
          />
        ) : null
      }
    >
      <ActivitySummary activity={activity} raced={raced} />
      <LoginNotice />
    </SignupForm>
  );
}

/**
 * `/extensionSignup?id=` (public; sending needs login): a special activity's form plus its
 * files (images or PDF), checked here against the rule and again on the server, sent as one
 * multipart call; a full activity (or one that filled up meanwhile) takes the learner on its
 * waiting list.
 */
export function ExtensionSignupPage() {
  const apply = useActivityApplyWithFiles();
  return (
    <SignupGate special result={apply.data}>
      {(activity) => <ExtensionForm activity={activity} apply={apply} />}
    </SignupGate>
  );
}
