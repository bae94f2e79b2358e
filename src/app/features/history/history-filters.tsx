// The history's filters: number, customer (name or CPF), payment method, status and, for
// admins, period, cashier and device (a cashier sees today's sales: the server holds it).
import type { ChangeEvent } from 'react';
import { PAYMENT_METHOD_LABELS, SALE_METHODS } from '../../../shared/contract/sales';
import { tillName } from '../../../shared/till-name';
import { Card, CardContent } from '../../components/card';
import { ChoiceField } from '../../components/choice-field';
import { DateRangeFields } from '../../components/date-input';
import { TextField } from '../../components/field';
import type { HistoryFilters as Filters } from './api';
import { STATUS_LABELS } from './history-format';

const SALE_STATUSES = ['completed', 'cancelled'] as const;

function deviceLabel(d: Props['devices'][number]): string {
  return tillName(d) ?? d.code;
}

interface Props {
  filters: Filters;
  onChange: (filters: Filters) => void;
  admin: boolean;
  devices: { id: string; code: string; label: string | null; name?: string | null | undefined }[];
  cashiers: { id: string; name: string }[];
}

export function HistoryFilters({ filters, onChange, admin, devices, cashiers }: Props) {
  const set = (key: keyof Filters) => (value: string) => onChange({ ...filters, [key]: value });
  // A filter's select: `all` (no filter: '') first, then its choices.
  const choice = <T extends string>(
    key: keyof Filters,
    all: string,
    choices: readonly T[],
    labels: Readonly<Partial<Record<T, string>>>,
  ) => ({
    value: filters[key],
    onChange: (e: ChangeEvent<HTMLSelectElement>) => set(key)(e.target.value),
    first: { value: '', label: all },
    choices,
    labels,
  });
  // The same for a list of people or devices: chosen by id, shown by `label`.
  const listChoice = <T extends { id: string }>(key: keyof Filters, items: T[], label: (item: T) => string) =>
    choice(
      key,
      'Todos',
      items.map((item) => item.id),
      Object.fromEntries(items.map((item) => [item.id, label(item)])),
    );
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
        <ChoiceField label="Pagamento" {...choice('payment_method', 'Todos', SALE_METHODS, PAYMENT_METHOD_LABELS)} />
        <ChoiceField label="Situação" {...choice('sale_status', 'Todas', SALE_STATUSES, STATUS_LABELS)} />
        {admin ? (
          <>
            <DateRangeFields range={filters} onChange={(key, date) => set(key)(date)} />
            <ChoiceField label="Quem vendeu" {...listChoice('created_by', cashiers, (c) => c.name)} />
            <ChoiceField label="Dispositivo" {...listChoice('device_id', devices, deviceLabel)} />
          </>
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2 lg:self-center">Mostrando as vendas de hoje.</p>
        )}
      </CardContent>
    </Card>
  );
}
