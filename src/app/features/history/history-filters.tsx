// The history's filters: number, customer (name or CPF), payment method, status and, for
// admins, period, cashier and device (a cashier sees today's sales: the server holds it).
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/contract/sales';
import { Card, CardContent } from '../../components/card';
import { ChoiceField } from '../../components/choice-field';
import { DateRangeFields } from '../../components/date-input';
import { SelectField, TextField } from '../../components/field';
import type { HistoryFilters as Filters } from './api';
import { STATUS_LABELS } from './history-format';

const SALE_STATUSES = ['completed', 'cancelled'] as const;

interface Props {
  filters: Filters;
  onChange: (filters: Filters) => void;
  admin: boolean;
  devices: { id: string; code: string; label: string | null }[];
  cashiers: { id: string; name: string }[];
}

export function HistoryFilters({ filters, onChange, admin, devices, cashiers }: Props) {
  const set = (key: keyof Filters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <Card className="mb-4">
      <CardContent className="grid gap-3 pt-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Número da venda"
          placeholder="Ex.: A-0042"
          value={filters.number}
          onChange={(e) => set('number')(e.target.value)}
        />
        <TextField
          label="Cliente"
          placeholder="Nome ou CPF do cliente"
          value={filters.customer}
          onChange={(e) => set('customer')(e.target.value)}
        />
        <ChoiceField
          label="Pagamento"
          value={filters.payment_method}
          onChange={(e) => set('payment_method')(e.target.value)}
          first={{ value: '', label: 'Todos' }}
          choices={PAYMENT_METHODS}
          labels={PAYMENT_METHOD_LABELS}
        />
        <ChoiceField
          label="Situação"
          value={filters.sale_status}
          onChange={(e) => set('sale_status')(e.target.value)}
          first={{ value: '', label: 'Todas' }}
          choices={SALE_STATUSES}
          labels={STATUS_LABELS}
        />
        {admin ? (
          <>
            <DateRangeFields range={filters} onChange={(key, date) => set(key)(date)} />
            <SelectField
              label="Quem vendeu"
              value={filters.created_by}
              onChange={(e) => set('created_by')(e.target.value)}
            >
              <option value="">Todos</option>
              {cashiers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Dispositivo"
              value={filters.device_id}
              onChange={(e) => set('device_id')(e.target.value)}
            >
              <option value="">Todos</option>
              {devices.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.code}
                  {d.label ? ` · ${d.label}` : ''}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2 lg:self-center">Mostrando as vendas de hoje.</p>
        )}
      </CardContent>
    </Card>
  );
}
