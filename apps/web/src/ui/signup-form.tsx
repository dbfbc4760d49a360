import type { SignupField } from '@portal/contract';
import { validateSignupForm } from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { Detail } from '@/platform/queries/detail.ts';
import { ApiError } from '@/platform/request.ts';
import { DetailState, type MissingText } from './detail-page.tsx';
import { PageHeader } from './page-header.tsx';
import { filledAnswers, type SignupAnswers, SignupFields } from './signup-fields.tsx';

/**
 * The form a class or an activity asks for: its fields, checked here with the contract's
 * `validateSignupForm` (the server's rule) before `onSubmit` gets the clean answers, the server's
 * message of the last try, and 提交报名 (or `submitLabel`, e.g. 加入候补).
 */
export function SignupForm({
  fields,
  pending,
  error,
  children,
  extra,
  note,
  submitLabel = '提交报名',
  checkExtra,
  onSubmit,
}: {
  fields: readonly SignupField[];
  /** The answers are being sent: the button spins. */
  pending: boolean;
  /** The last try's failure; an `ApiError`'s message shows above the button. */
  error: unknown;
  /** What the form is for, above the fields. */
  children?: ReactNode;
  /** More to fill in below the fields (files). */
  extra?: ReactNode;
  /** Words just above the button, after the server's message (what the button will do now). */
  note?: ReactNode;
  /** The button's words. */
  submitLabel?: string;
  /** Checks the extra part with the fields (showing its own message); false stops the submit. */
  checkExtra?: () => boolean;
  onSubmit: (form: SignupAnswers) => void;
}) {
  const [values, setValues] = useState<SignupAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = error instanceof ApiError ? error.message : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignupForm(fields, filledAnswers(values));
    setErrors(checked.ok ? {} : checked.errors);
    const extraOk = checkExtra ? checkExtra() : true;
    if (!checked.ok || !extraOk) return;
    onSubmit(checked.form);
  };

  return (
    <form className="signup-form" onSubmit={handleSubmit} noValidate>
      {children}
      <SignupFields
        fields={fields}
        values={values}
        errors={errors}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
      />
      {extra}
      {serverError ? (
        <p className="signup-error signup-server-error" role="alert">
          {serverError}
        </p>
      ) : null}
      {note}
      <Button block color="primary" size="large" type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * The frame of a signup page (/classSignup, /activityApply, /extensionSignup): a plain header,
 * then the item's designed missing, loading or error state, what stops a signup (done, already
 * signed up, not open) when `stop` answers one, or the form.
 */
export function SignupPage<T>({
  detail,
  missing,
  className,
  stop,
  children,
}: {
  detail: Detail<T>;
  missing: MissingText;
  /** A class for the page body besides `page-body`. */
  className?: string;
  /** What shows instead of the form, or null while the item takes signups. */
  stop: (item: T) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <PageHeader />
      <main className={className ? `page-body ${className}` : 'page-body'}>
        {detail.status === 'ready' ? (
          (stop(detail.data) ?? children(detail.data))
        ) : (
          <DetailState detail={detail} missing={missing} />
        )}
      </main>
    </>
  );
}

/** What a signup form is for, over its fields: the item's title and a muted line for each of `lines`. */
export function SignupSummary({ title, lines }: { title: string; lines: readonly ReactNode[] }) {
  return (
    <div className="signup-summary">
      <p className="signup-summary-title">{title}</p>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed summary
        <p key={index} className="signup-summary-line">
          {line}
        </p>
      ))}
    </div>
  );
}
