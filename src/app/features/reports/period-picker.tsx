// The reports' period: 7, 30 or 90 days through today (spec §2, §9).
import { REPORT_PERIOD_DAYS } from '../../../shared/constants';
import { cn } from '../../components/cn';

export function PeriodPicker({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  return (
    <div role="group" aria-label="Período" className="flex gap-1 rounded-lg bg-slate-100 p-1 print:hidden">
      {REPORT_PERIOD_DAYS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={days === option}
          onClick={() => onChange(option)}
          className={cn(
            'h-10 flex-1 whitespace-nowrap rounded-md px-3 text-sm font-medium sm:px-4',
            days === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option} dias
        </button>
      ))}
    </div>
  );
}
