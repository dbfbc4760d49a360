import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import './signup-fields.css';
import './text-field.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The field's own problem, shown under it and tied to it for screen readers. */
  error?: string | null;
  /** Beside the input, which takes the rest of the row (获取验证码, 验证). */
  after?: ReactNode;
}

/**
 * A labelled input in the look of the form fields (signup-fields.css: the bold label over a
 * full-height input, its problem in red under it), large enough for elder mode.
 */
export function TextField({ label, error, after, ...input }: TextFieldProps) {
  const id = useId();
  const field = (
    <input
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...input}
    />
  );
  return (
    <div className="signup-field">
      <label htmlFor={id}>{label}</label>
      {after ? (
        <div className="text-field-row">
          {field}
          {after}
        </div>
      ) : (
        field
      )}
      {error ? (
        <p id={`${id}-error`} className="signup-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
