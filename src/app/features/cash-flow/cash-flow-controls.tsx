// Admins' controls: the period (7, 30 or 90 days up to today), type and category.
import { CASH_FLOW_CATEGORIES, REPORT_PERIOD_DAYS } from '../../../shared/constants';
import { Card } from '../../components/card';
import { cn } from '../../components/cn';
import { ChoiceField } from '../../components/choice-field';
import { SelectField } from '../../components/field';

export interface CashFlowFilters {
  days: number;
  type: string;
  category: string;
}

interface CashFlowControlsProps {
  filters: CashFlowFilters;
  onChange: (filters: CashFlowFilters) => void;
}

export function CashFlowControls({ filters, onChange }: CashFlowControlsProps) {
  return (
    <Card className="mb-6 p-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[auto_1fr_1fr] lg:items-end">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <span id="cash-flow-period" className="text-sm font-medium text-slate-700">
            Período
          </span>
          <div role="group" aria-labelledby="cash-flow-period" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            {REPORT_PERIOD_DAYS.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={filters.days === days}
                onClick={() => onChange({ ...filters, days })}
                className={cn(
                  'h-10 flex-1 whitespace-nowrap rounded-md px-4 text-sm font-medium',
                  filters.days === days ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {days} dias
              </button>
            ))}
          </div>
        </div>
        <SelectField label="Tipo" value={filters.type} onChange={(e) => onChange({ ...filters, type: e.target.value })}>
          <option value="all">Todos</option>
          <option value="income">Entradas</option>
          <option value="expense">Saídas</option>
        </SelectField>
        <ChoiceField
          label="Categoria"
          value={filters.category}
          onChange={(e) => onChange({ ...filters, category: e.target.value })}
          first={{ value: 'all', label: 'Todas' }}
          choices={CASH_FLOW_CATEGORIES}
        />
      </div>
    </Card>
  );
}
