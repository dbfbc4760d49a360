import type { SignupField } from '@portal/contract';
import type { SignupAnswer } from '@portal/contract/constants';
import './signup-fields.css';

export type SignupAnswers = Record<string, SignupAnswer>;

const inputMode: Record<'text' | 'phone' | 'number', 'text' | 'tel' | 'numeric'> = {
  text: 'text',
  phone: 'tel',
  number: 'numeric',
};

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="signup-error">
      {error}
    </p>
  ) : null;
}

/** One or several of a field's options, as large tappable chips (radio or checkbox). */
function ChoiceField({
  field,
  value,
  error,
  onChange,
  label,
}: {
  field: SignupField;
  value: SignupAnswer | undefined;
  error: string | undefined;
  onChange: (value: SignupAnswer) => void;
  label: React.ReactNode;
}) {
  const id = `signup-${field.key}`;
  const multi = field.kind === 'multi';
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  const toggle = (option: string) => {
    if (!multi) return onChange(option);
    onChange(
      chosen.includes(option) ? chosen.filter((item) => item !== option) : [...chosen, option],
    );
  };
  return (
    <fieldset
      className="signup-field"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {label}
        {multi ? <span className="signup-hint">（可多选）</span> : null}
      </legend>
      <div className="signup-choices">
        {(field.options ?? []).map((option) => {
          const on = chosen.includes(option);
          return (
            <label key={option} className={on ? 'signup-choice on' : 'signup-choice'}>
              <input
                type={multi ? 'checkbox' : 'radio'}
                name={field.key}
                value={option}
                checked={on}
                onChange={() => toggle(option)}
              />
              {option}
            </label>
          );
        })}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/** One field of a signup form: text, phone, number, single or multiple choice. */
function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: SignupField;
  value: SignupAnswer | undefined;
  error: string | undefined;
  onChange: (value: SignupAnswer) => void;
}) {
  const id = `signup-${field.key}`;
  const label = (
    <>
      {field.label}
      {field.required ? <span className="required">（必填）</span> : null}
    </>
  );
  if (field.kind === 'choice' || field.kind === 'multi') {
    return (
      <ChoiceField field={field} value={value} error={error} onChange={onChange} label={label} />
    );
  }
  return (
    <div className="signup-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={field.key}
        inputMode={inputMode[field.kind]}
        autoComplete={field.kind === 'phone' ? 'tel' : field.key === 'name' ? 'name' : 'off'}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The fields a class or an activity asks for, each with its message under it. The caller keeps
 * the answers and checks them with the contract's `validateSignupForm` (the server's rule).
 */
export function SignupFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: readonly SignupField[];
  values: SignupAnswers;
  errors: Record<string, string>;
  onChange: (key: string, value: SignupAnswer) => void;
}) {
  return fields.map((field) => (
    <FieldInput
      key={field.key}
      field={field}
      value={values[field.key]}
      error={errors[field.key]}
      onChange={(value) => onChange(field.key, value)}
    />
  ));
}

/** The answers worth sending: blank text and empty choices left out. */
export function filledAnswers(values: SignupAnswers): SignupAnswers {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) =>
      Array.isArray(value) ? value.length > 0 : value.trim() !== '',
    ),
  );
}
