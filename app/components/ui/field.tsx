import { Icon } from "~/components/ui/icons";
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { FieldError } from "./field-error";
import { inputClass } from "./input-class";


interface ShellProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement>, ShellProps {}

/** Label, hint and error around one input, wired together for screen readers. */
function FieldShell({
  label,
  error,
  hint,
  id,
  children,
}: ShellProps & { id?: string; children: (a11y: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children({ id: inputId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`${inputId}-error`}>{error}</FieldError> : null}
    </div>
  );
}

export function TextField({ label, error, hint, id, ...input }: FieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(a11y) => <input {...a11y} className={inputClass} {...input} />}
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, id, children, ...select }: ShellProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(a11y) => (
        <select {...a11y} className={inputClass} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, id, ...textarea }: ShellProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(a11y) => <textarea {...a11y} className={inputClass} {...textarea} />}
    </FieldShell>
  );
}

export function PasswordField({ label, error, hint, id, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} error={error} hint={hint} id={id}>
      {(a11y) => (
        <div className="relative">
          <input {...a11y} type={visible ? "text" : "password"} className={`${inputClass} pr-12`} {...input} />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label="Mostrar senha"
            aria-pressed={visible}
            aria-controls={a11y.id}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white"
          >
            {visible ? <Icon name="eye-off" aria-hidden className="h-5 w-5" /> : <Icon name="eye" aria-hidden className="h-5 w-5" />}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200">
      {children}
    </div>
  );
}

