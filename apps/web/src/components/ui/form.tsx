// Form controls with one look: a labelled text field, select and text area (each with an optional
// inline error tied to the control), a checkbox with a rich label, and the inline error area.
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { AlertCircleIcon } from './icons.tsx';
import styles from './form.module.css';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | null | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError} data-testid={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error: unknown, hint: unknown): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

function controlClass(invalid: boolean, className?: string): string {
  return [styles.control, invalid ? styles.invalid : undefined, className].filter(Boolean).join(' ');
}

type Common = { label: ReactNode; error?: string | null | undefined; hint?: ReactNode };

export type TextFieldProps = Common & ComponentPropsWithRef<'input'>;

export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <FieldFrame id={inputId} label={label} error={error} hint={hint}>
      <input
        id={inputId}
        className={controlClass(Boolean(error), className)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

export type SelectFieldProps = Common & ComponentPropsWithRef<'select'>;

export function SelectField({ label, error, hint, id, className, children, ...props }: SelectFieldProps) {
  const fallbackId = useId();
  const selectId = id ?? fallbackId;
  return (
    <FieldFrame id={selectId} label={label} error={error} hint={hint}>
      <div className={styles.selectWrap}>
        <select
          id={selectId}
          className={controlClass(Boolean(error), [styles.select, className].filter(Boolean).join(' '))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(selectId, error, hint)}
          {...props}
        >
          {children}
        </select>
      </div>
    </FieldFrame>
  );
}

export type TextAreaFieldProps = Common & ComponentPropsWithRef<'textarea'>;

export function TextAreaField({ label, error, hint, id, className, ...props }: TextAreaFieldProps) {
  const fallbackId = useId();
  const areaId = id ?? fallbackId;
  return (
    <FieldFrame id={areaId} label={label} error={error} hint={hint}>
      <textarea
        id={areaId}
        className={controlClass(Boolean(error), [styles.textarea, className].filter(Boolean).join(' '))}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, error, hint)}
        {...props}
      />
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'onChange' | 'children'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  children: ReactNode;
}

export function Checkbox({ checked, onCheckedChange, children, className, id, ...props }: CheckboxProps) {
  const fallbackId = useId();
  const boxId = id ?? fallbackId;
  return (
    <div className={[styles.checkRow, className].filter(Boolean).join(' ')}>
      <input
        id={boxId}
        type="checkbox"
        className={styles.checkbox}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        {...props}
      />
      <label htmlFor={boxId} className={styles.checkLabel}>
        {children}
      </label>
    </div>
  );
}

/** The inline error area of a form: announced when it appears. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className={styles.formError} data-testid={testId}>
      <AlertCircleIcon size={18} />
      <span>{message}</span>
    </div>
  );
}
