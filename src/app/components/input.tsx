import type { InputHTMLAttributes, Ref, SelectHTMLAttributes } from 'react';
import { cn } from './cn';

const FIELD =
  'h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus:outline-none focus:ring-2 focus:ring-blue-500 focus:border-blue-500 disabled:cursor-not-allowed disabled:bg-slate-100';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  invalid?: boolean;
  /** React 19: a plain prop, passed on to the <input>. */
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, invalid, ...props }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cn(FIELD, invalid ? 'border-red-500' : 'border-slate-300', className)}
      {...props}
    />
  );
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  invalid?: boolean;
}

export function Select({ className, invalid, ...props }: SelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(FIELD, 'pr-8', invalid ? 'border-red-500' : 'border-slate-300', className)}
      {...props}
    />
  );
}
