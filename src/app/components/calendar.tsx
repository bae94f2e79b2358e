// One month to pick a day from, in pt-BR (Sunday first), as the WAI-ARIA date picker
// grid: the arrows move a day or a week, Home/End go to the week's ends, Page Up/Down a
// month (with Shift a year), Enter or Space picks, Escape closes. Days outside the bounds
// are shown but cannot be picked. Dates are 'YYYY-MM-DD' throughout.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, todayIso } from '../../shared/dates';
import { cn } from './cn';
import { boundsProblem, MONTH_NAMES, spokenDate, WEEKDAY_NAMES, WEEKDAY_SHORT, type DateBounds } from './date-text';

interface CalendarProps extends DateBounds {
  /** The day shown as chosen, if any. */
  value: string | null;
  onPick: (iso: string) => void;
  onClose: () => void;
}

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The same day (or the month's last) `months` months away. */
function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The weeks of the month of `iso`: each a row of seven days, null outside the month. */
function monthWeeks(iso: string): (string | null)[][] {
  const first = `${iso.slice(0, 8)}01`;
  const days: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

const KEY_MOVES: Record<string, (iso: string, shift: boolean) => string> = {
  ArrowLeft: (d) => addDays(d, -1),
  ArrowRight: (d) => addDays(d, 1),
  ArrowUp: (d) => addDays(d, -7),
  ArrowDown: (d) => addDays(d, 7),
  Home: (d) => addDays(d, -weekday(d)),
  End: (d) => addDays(d, 6 - weekday(d)),
  PageUp: (d, shift) => addMonths(d, shift ? -12 : -1),
  PageDown: (d, shift) => addMonths(d, shift ? 12 : 1),
};

export function Calendar({ value, min, max, onPick, onClose }: CalendarProps) {
  const today = todayIso();
  const [focused, setFocused] = useState(() => value ?? (max && today > max ? max : min && today < min ? min : today));
  const gridRef = useRef<HTMLTableElement>(null);
  // Whether the focus goes with the day: on opening and with the keys, not with the
  // month buttons (the focus stays on the button pressed).
  const focusDay = useRef(true);
  const titleId = useId();
  const [year, month] = focused.split('-').map(Number) as [number, number];

  // On opening the focus goes to the chosen day (or today), then follows the keys.
  useEffect(() => {
    if (focusDay.current) gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  function move(next: string, withFocus: boolean) {
    focusDay.current = withFocus;
    setFocused(next);
  }

  function pick(iso: string) {
    if (boundsProblem(iso, { min, max }) === null) onPick(iso);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const step = KEY_MOVES[event.key];
    if (!step) return;
    event.preventDefault();
    move(step(focused, event.shiftKey), true);
  }

  const navButton = 'inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100';

  return (
    <div
      className="w-[19rem] max-w-[calc(100vw-1.5rem)] p-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Only the calendar closes, not a dialog it sits in.
        event.stopPropagation();
        event.nativeEvent.stopImmediatePropagation();
        onClose();
      }}
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Mês anterior"
          className={navButton}
          onClick={() => move(addMonths(focused, -1), false)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p id={titleId} aria-live="polite" className="text-sm font-semibold text-slate-900">
          {MONTH_NAMES[month - 1]} de {year}
        </p>
        <button
          type="button"
          aria-label="Próximo mês"
          className={navButton}
          onClick={() => move(addMonths(focused, 1), false)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={titleId}
        className="w-full border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAY_SHORT.map((short, i) => (
              <th key={short} scope="col" abbr={WEEKDAY_NAMES[i]} className="h-8 text-xs font-medium text-slate-500">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(focused).map((week, w) => (
            <tr key={w}>
              {week.map((day, i) =>
                day === null ? (
                  <td key={`empty-${i}`} />
                ) : (
                  <DayCell
                    key={day}
                    day={day}
                    chosen={day === value}
                    today={day === today}
                    focusable={day === focused}
                    outside={boundsProblem(day, { min, max }) !== null}
                    onPick={pick}
                  />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {boundsProblem(today, { min, max }) === null ? (
        <div className="mt-2 flex justify-end">
          <button
            type="button"
            className="h-10 rounded-md px-3 text-sm font-medium text-blue-800 hover:bg-blue-50"
            onClick={() => onPick(today)}
          >
            Hoje
          </button>
        </div>
      ) : null}
    </div>
  );
}

interface DayCellProps {
  day: string;
  chosen: boolean;
  today: boolean;
  /** the one day reached by Tab (roving tabindex) */
  focusable: boolean;
  /** outside the bounds: shown, not picked */
  outside: boolean;
  onPick: (iso: string) => void;
}

function DayCell({ day, chosen, today, focusable, outside, onPick }: DayCellProps) {
  return (
    <td role="gridcell" aria-selected={chosen} className="p-0.5 text-center">
      <button
        type="button"
        data-day={day}
        tabIndex={focusable ? 0 : -1}
        aria-label={`${spokenDate(day)}, ${WEEKDAY_NAMES[weekday(day)]}`}
        aria-current={today ? 'date' : undefined}
        aria-disabled={outside || undefined}
        onClick={() => onPick(day)}
        className={cn(
          'h-10 w-full rounded-md text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500',
          chosen
            ? 'bg-blue-700 font-semibold text-white'
            : outside
              ? 'cursor-not-allowed text-slate-400'
              : today
                ? 'font-semibold text-blue-800 ring-1 ring-inset ring-blue-300 hover:bg-blue-50'
                : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        {Number(day.slice(8))}
      </button>
    </td>
  );
}
