// A labelled form field with its error message underneath.
import { useId, type ComponentType, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { Input, Select, type InputProps, type SelectProps } from './input';
import { Label } from './label';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  /** Marks the label with an asterisk (not part of the field's accessible name). */
  required?: boolean;
  children: ReactNode;
}

export function FieldFrame({ id, label, error, hint, className, required, children }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {required ? (
        <span className="flex gap-1">
          <Label htmlFor={id}>{label}</Label>
          <span aria-hidden="true" className="text-sm font-medium text-red-600">
            *
          </span>
        </span>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
      {hint && !error ? <p className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a control needs to sit in a field: its id, whether it is wrong, and its error's id. */
interface ControlProps {
  id?: string;
  invalid?: boolean;
  required?: boolean;
  className?: string;
  'aria-describedby'?: string;
}

/** The props of the field around `P`: a label, an error (and a hint) instead of an id. */
export type LabelledProps<P> = Omit<P, 'id'> & { label: string; error?: string; hint?: string; id?: string };

/** A labelled field of a control: label above, hint or error below (tied by aria-describedby). */
export function labelledField<P extends ControlProps>(Control: ComponentType<P>) {
  return function LabelledField({ label, error, hint, id, className, ...props }: LabelledProps<P>) {
    const generated = useId();
    const fieldId = id ?? generated;
    const control = {
      id: fieldId,
      invalid: Boolean(error),
      'aria-describedby': error ? `${fieldId}-error` : undefined,
      ...props,
    } as unknown as P;
    return (
      <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className} required={props.required}>
        <Control {...control} />
      </FieldFrame>
    );
  };
}

export type TextFieldProps = LabelledProps<InputProps>;
export const TextField = labelledField(Input);

export type SelectFieldProps = LabelledProps<SelectProps>;
export const SelectField = labelledField(Select);

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: string;
  disabled?: boolean;
  id?: string;
}

/** A checkbox with its label on the right; the whole row is a 40px touch target. */
export function CheckboxField({ label, checked, onChange, description, disabled, id }: CheckboxFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div className="flex min-h-10 items-start gap-3 py-1">
      <input
        id={fieldId}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-blue-700"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="flex flex-col">
        <Label htmlFor={fieldId} className="cursor-pointer">
          {label}
        </Label>
        {description ? <span className="text-xs text-slate-500">{description}</span> : null}
      </div>
    </div>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  error?: string;
  /** Shown under the field while there is no error (a character count). */
  hint?: string;
  id?: string;
}

export function TextAreaField({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className} required={props.required}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className={cn(
          'w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500',
          'focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:cursor-not-allowed disabled:bg-slate-100',
          error ? 'border-red-500' : 'border-slate-300',
        )}
        {...props}
      />
    </FieldFrame>
  );
}
