// The app's date field: every date a person gives (due dates, payment dates, filters,
// entries) is a DateField, the same in any browser language (the browser's own date
// input shows mm/dd/yyyy in an en-US Chromium). Typed dd/mm/aaaa, digits only, the
// slashes put in by themselves (date-text.ts); a calendar of ours beside it to pick from.
// The form gets 'YYYY-MM-DD', '' when empty, or null while the text is not a date it may
// take (incomplete, 31/02/2026, outside min/max): the field says why, in pt-BR, and
// keeps the text so the person sees what to fix. An incomplete date is told once the
// field is left or its form is sent (not while it is being typed).
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { formatDate, isIsoDate } from '../../shared/dates';
import { Calendar } from './calendar';
import { CalendarPopover } from './calendar-popover';
import { cn } from './cn';
import { boundsProblem, INCOMPLETE_DATE, editDateText, readDateText, type DateBounds } from './date-text';
import { FieldFrame } from './field';
import { CalendarIcon } from './icons';
import { Input, type InputProps } from './input';
import { useEditedText } from './select-on-focus';

/** What is wrong with the text (null when it is empty or a date the field takes). */
export function dateTextProblem(text: string, bounds: DateBounds, focused: boolean): string | null {
  const reading = readDateText(text);
  if (reading.kind === 'partial') return focused ? null : INCOMPLETE_DATE;
  if (reading.kind === 'invalid') return reading.message;
  if (reading.kind === 'date') return boundsProblem(reading.iso, bounds);
  return null;
}

/** The form's value for a text: 'YYYY-MM-DD', '' when empty, null when not a date it may take. */
export function dateValueOf(text: string, bounds: DateBounds): string | null {
  const reading = readDateText(text);
  if (reading.kind === 'empty') return '';
  if (reading.kind !== 'date' || boundsProblem(reading.iso, bounds) !== null) return null;
  return reading.iso;
}

export interface DateInputProps
  extends DateBounds, Omit<InputProps, 'value' | 'onChange' | 'type' | 'inputMode' | 'defaultValue' | 'min' | 'max'> {
  /** 'YYYY-MM-DD', '' (empty) or null (the text typed is not a date) */
  value: string | null;
  onChange: (value: string | null, text: string) => void;
  /** Names the calendar and its button ('Vencimento'). */
  label: string;
  /** Told what the text's problem is (null when none), for the field to show it. */
  onProblem?: (problem: string | null) => void;
}

export function DateInput({
  value,
  onChange,
  label,
  min,
  max,
  onProblem,
  disabled,
  className,
  ...props
}: DateInputProps) {
  const bounds = { min, max };
  const [open, setOpen] = useState(false);
  const { setText, focused, shown, inputProps } = useEditedText(
    () => (value && isIsoDate(value) ? formatDate(value) : ''),
    // Not being edited: the form's date as the app writes it; text that is not a date
    // stays, with its reason (and a date cleared by the form clears the field).
    (typed) =>
      value && isIsoDate(value) ? formatDate(value) : dateTextProblem(typed, bounds, false) !== null ? typed : '',
    // The caller's focus, blur and mouse handlers: the field's own call them (the input gets
    // `inputProps` after `props`).
    props,
    open,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const caret = useRef<number | null>(null);
  const [sent, setSent] = useState(false);
  const problem = dateTextProblem(shown, bounds, (focused || open) && !sent);

  useEffect(() => {
    onProblem?.(problem);
  }, [onProblem, problem]);

  // Its form sent with Enter while the date is still incomplete: the field says so.
  useEffect(() => {
    const form = inputRef.current?.form;
    if (!form) return;
    const onSubmit = () => setSent(true);
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  // The caret stays after the digit typed, not at the end, when the mask moved the text.
  useLayoutEffect(() => {
    if (caret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function toggleCalendar() {
    if (!open && !focused) setText(shown);
    setOpen(!open);
  }

  function change(next: string) {
    setText(next);
    setSent(false);
    onChange(dateValueOf(next, bounds), next);
  }

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onBlur={(event) => {
        // Leaving the field and its calendar (Tab onwards) closes the calendar.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget as Node)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        // Only the calendar closes, not a dialog the field sits in.
        event.stopPropagation();
        event.nativeEvent.stopImmediatePropagation();
        setOpen(false);
        inputRef.current?.focus();
      }}
    >
      <Input
        {...props}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/aaaa"
        disabled={disabled}
        invalid={props.invalid || problem !== null}
        className={cn('pr-11', className)}
        {...inputProps}
        onChange={(event) => {
          const raw = event.target.value;
          const edited = editDateText(shown, raw, event.target.selectionStart ?? raw.length);
          if (edited.caret < edited.text.length) caret.current = edited.caret;
          change(edited.text);
        }}
      />
      <button
        type="button"
        aria-label={`Escolher ${label} no calendário`}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={toggleCalendar}
        className="absolute right-0 top-0 inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-50"
      >
        <CalendarIcon className="h-4 w-4" />
      </button>
      {open ? (
        <CalendarPopover
          anchor={wrapperRef}
          label={label}
          onDismiss={() => setOpen(false)}
          calendar={
            <Calendar
              value={value && isIsoDate(value) ? value : null}
              min={min}
              max={max}
              onPick={(iso) => {
                change(formatDate(iso));
                setOpen(false);
                inputRef.current?.focus();
              }}
              onClose={() => {
                setOpen(false);
                inputRef.current?.focus();
              }}
            />
          }
        />
      ) : null}
    </div>
  );
}

export interface DateFieldProps extends Omit<DateInputProps, 'id' | 'label' | 'onProblem'> {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
}

/** A labelled DateInput; what is wrong with the typed date shows under it, before a form's error. */
export function DateField({ label, error, hint, id, className, ...props }: DateFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={shownError}
      hint={hint}
      className={className}
      required={props.required}
    >
      <DateInput
        id={fieldId}
        label={label}
        invalid={Boolean(shownError)}
        aria-describedby={shownError ? `${fieldId}-error` : undefined}
        onProblem={setProblem}
        {...props}
      />
    </FieldFrame>
  );
}

/**
 * A filter's 'Data inicial' and 'Data final' ('' = open end), neither allowed past the
 * other; a date still being typed (or not a date) filters nothing until it is one.
 */
export function DateRangeFields({
  range,
  onChange,
}: {
  range: { start_date: string; end_date: string };
  onChange: (key: 'start_date' | 'end_date', date: string) => void;
}) {
  return (
    <>
      <DateField
        label="Data inicial"
        value={range.start_date}
        max={range.end_date || undefined}
        onChange={(date) => onChange('start_date', date ?? '')}
      />
      <DateField
        label="Data final"
        value={range.end_date}
        min={range.start_date || undefined}
        onChange={(date) => onChange('end_date', date ?? '')}
      />
    </>
  );
}
