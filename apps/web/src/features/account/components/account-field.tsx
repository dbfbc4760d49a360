import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { ApiError } from '@/platform/request.ts';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's own problem, shown under it and tied to it for screen readers. */
  error?: string | null;
  /** Beside the input (e.g. 获取验证码). */
  after?: ReactNode;
}

/** A labelled input of the account forms, large enough for elder mode. */
export function AccountField({ label, error, after, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <div className="account-field-row">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {after}
      </div>
      {error ? (
        <p id={`${id}-error`} className="account-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The server's answer to a form: its refusal (an `ApiError`) or what went through. */
export function FormMessage({ error, done }: { error: unknown; done?: string | null }) {
  if (error instanceof ApiError) {
    return (
      <p className="account-error account-server-error" role="alert">
        {error.message}
      </p>
    );
  }
  if (done) {
    return (
      <p className="account-done" role="status">
        {done}
      </p>
    );
  }
  return null;
}

/** A titled card of the settings page. */
export function AccountSection({
  title,
  children,
  danger,
}: {
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section className={danger ? 'account-card danger' : 'account-card'} aria-labelledby={id}>
      <h2 id={id} className="account-card-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
