import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  type ButtonHTMLAttributes,
} from 'react';

interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** Label, control, hint and error wired together for assistive technology. */
function Field({ id, label, hint, error, children }: FieldShell & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

const describedBy = (id: string, hint?: ReactNode, error?: ReactNode) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function TextField({ label, hint, error, id, ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <input id={fieldId} aria-invalid={!!error || undefined} aria-describedby={describedBy(fieldId, hint, error)} {...input} />
    </Field>
  );
}

export function TextAreaField({ label, hint, error, id, ...input }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <textarea id={fieldId} aria-invalid={!!error || undefined} aria-describedby={describedBy(fieldId, hint, error)} {...input} />
    </Field>
  );
}

export function SelectField({ label, hint, error, id, children, ...input }: FieldShell & SelectHTMLAttributes<HTMLSelectElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <Field id={fieldId} label={label} hint={hint} error={error}>
      <select id={fieldId} aria-invalid={!!error || undefined} aria-describedby={describedBy(fieldId, hint, error)} {...input}>
        {children}
      </select>
    </Field>
  );
}

export function CheckboxField({
  label,
  description,
  id,
  ...input
}: {
  label: ReactNode;
  /** A line under the label, read as the box's description. */ description?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className="field field-checkbox">
      <input id={fieldId} type="checkbox" aria-describedby={description ? `${fieldId}-description` : undefined} {...input} />
      <label htmlFor={fieldId}>{label}</label>
      {description && (
        <span id={`${fieldId}-description`} className="check-description">
          {description}
        </span>
      )}
    </div>
  );
}

export function Button({
  variant = 'primary',
  busy,
  children,
  disabled,
  ...rest
}: { variant?: 'primary' | 'secondary' | 'danger' | 'link'; busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`button button-${variant}`} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
