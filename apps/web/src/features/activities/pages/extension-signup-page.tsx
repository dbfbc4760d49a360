import type { ActivityDetail, AttachmentRule } from '@portal/contract';
import { useRef, useState, useSyncExternalStore } from 'react';
import { loginCheck } from '@/platform/login-check.ts';
import { goToLogin, isLoggedIn, subscribeLogin } from '@/platform/session.ts';
import type { SignupAnswers } from '@/ui/signup-fields.tsx';
import { SignupForm } from '@/ui/signup-form.tsx';
import { useActivityApplyWithFiles } from '../api/apply-activity.ts';
import { attachmentsError, pickFiles } from '../components/file-check.ts';
import { FilePicker, type PickedFile } from '../components/file-picker.tsx';
import { SignupGate, SignupSummary } from '../components/signup-gate.tsx';
import '../activities.css';

/** A special activity without a rule of its own takes no files. */
const NO_FILES: AttachmentRule = {
  label: '报名材料',
  required: false,
  maxCount: 0,
  maxBytes: 0,
  accept: [],
};

/** The picked files and the messages of the last pick. */
function usePickedFiles(rule: AttachmentRule) {
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [pickErrors, setPickErrors] = useState<string[]>([]);
  const nextKey = useRef(0);
  const add = (incoming: File[]) => {
    const { accepted, errors } = pickFiles(
      files.map((picked) => picked.file),
      incoming,
      rule,
    );
    setFiles((current) => [
      ...current,
      ...accepted.map((file) => {
        nextKey.current += 1;
        return { key: `file-${nextKey.current}`, file };
      }),
    ]);
    setPickErrors(errors);
  };
  const remove = (key: string) => {
    setFiles((current) => current.filter((picked) => picked.key !== key));
    setPickErrors([]);
  };
  return { files, pickErrors, add, remove };
}

function LoginNotice() {
  const loggedIn = useSyncExternalStore(subscribeLogin, isLoggedIn);
  if (loggedIn) return null;
  return (
    <div className="signup-login-notice">
      <p>您还未登录，登录后才能提交报名。</p>
      <button type="button" className="link-button primary" onClick={() => goToLogin()}>
        去登录
      </button>
    </div>
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
  const picked = usePickedFiles(rule);
  const files = picked.files.map((entry) => entry.file);

  const checkFiles = () => {
    const wrong = activity.attachments ? attachmentsError(files, activity.attachments) : null;
    setFileError(wrong);
    return wrong === null;
  };
  const handleSubmit = async (form: SignupAnswers) => {
    // The multipart call has no login-required flag: the check comes first, here.
    if (!(await loginCheck())) return;
    apply.mutate({ activityId: activity.id, form, files });
  };

  return (
    <SignupForm
      fields={activity.formFields}
      pending={apply.isPending}
      error={apply.error}
      checkExtra={checkFiles}
      onSubmit={handleSubmit}
      extra={
        activity.attachments ? (
          <FilePicker
            rule={activity.attachments}
            files={picked.files}
            errors={picked.pickErrors}
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
      <SignupSummary activity={activity} />
      <LoginNotice />
    </SignupForm>
  );
}

/**
 * `/extensionSignup?id=` (public; sending needs login): a special activity's form plus its
 * files (images or PDF), checked here against the rule and again on the server, sent as one
 * multipart call.
 */
export function ExtensionSignupPage() {
  const apply = useActivityApplyWithFiles();
  return (
    <SignupGate special done={apply.isSuccess}>
      {(activity) => <ExtensionForm activity={activity} apply={apply} />}
    </SignupGate>
  );
}
