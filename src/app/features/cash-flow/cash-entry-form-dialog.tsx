// 'Novo Lançamento' / 'Editar Lançamento' (manual entries, cash_flow.write): date
// (default today, never after), type, description, category and amount.
import { useState, type FormEvent } from 'react';
import { CASH_FLOW_CATEGORIES } from '../../../shared/constants';
import { CashFlowEntryCreateSchema, CashFlowEntryUpdateSchema } from '../../../shared/contract/cash-flow';
import { todayIso } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-input';
import { Dialog, DialogFooter } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { toastSaved } from '../../components/outcome-toast';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateCashEntry, useUpdateCashEntry, type CashEntryRow } from './api';

interface EntryFormValues {
  /** 'YYYY-MM-DD'; '' when empty, null while what is typed is not a date */
  date: string | null;
  type: string;
  description: string;
  category: string;
  amount: number | null;
}

function toInput(values: EntryFormValues) {
  return {
    date: values.date ?? '',
    type: values.type as 'income' | 'expense',
    description: values.description,
    category: values.category as (typeof CASH_FLOW_CATEGORIES)[number],
    // NaN is refused by the contract ('Informe um valor numérico'), as an empty field should be.
    amount: values.amount === null ? Number.NaN : toReais(values.amount),
  };
}

export function CashEntryFormDialog({ entry, onClose }: { entry: CashEntryRow | null; onClose: () => void }) {
  const [values, setValues] = useState<EntryFormValues>(() =>
    entry
      ? {
          date: entry.date,
          type: entry.type,
          description: entry.description,
          category: entry.category,
          amount: entry.amount,
        }
      : { date: todayIso(), type: 'income', description: '', category: '', amount: null },
  );
  const createMutation = useCreateCashEntry();
  const updateMutation = useUpdateCashEntry();
  const saving = createMutation.isPending || updateMutation.isPending;
  const action = entry ? 'atualizar' : 'criar';
  const { errors, save } = useFormSave('Erro', onClose, (reason) => `Erro ao ${action} lançamento: ${reason}`);

  function set<K extends keyof EntryFormValues>(key: K, value: EntryFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Not a date yet: the field says why; nothing is sent.
    if (values.date === null) return;
    if (entry) {
      void save(
        validateForm(CashFlowEntryUpdateSchema, toInput(values)),
        (value) => updateMutation.mutateAsync({ entry, value }),
        (outcome) => toastSaved(outcome, 'Lançamento atualizado com sucesso!'),
      );
    } else {
      void save(
        validateForm(CashFlowEntryCreateSchema, toInput(values)),
        (value) => createMutation.mutateAsync(value),
        (outcome) => toastSaved(outcome, 'Lançamento criado com sucesso!'),
      );
    }
  }

  return (
    <Dialog open onClose={() => !saving && onClose()} title={entry ? 'Editar Lançamento' : 'Novo Lançamento'}>
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <DateField
            label="Data"
            required
            max={todayIso()}
            value={values.date}
            onChange={(date) => set('date', date)}
            error={errors.date}
            disabled={saving}
          />
          <SelectField
            label="Tipo"
            required
            value={values.type}
            onChange={(e) => set('type', e.target.value)}
            error={errors.type}
            disabled={saving}
          >
            <option value="income">Entrada</option>
            <option value="expense">Saída</option>
          </SelectField>
          {/* The first thing to type: the date comes filled (today) and is changed less often. */}
          <TextField
            data-autofocus=""
            label="Descrição"
            required
            autoComplete="off"
            className="sm:col-span-2"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            error={errors.description}
            disabled={saving}
          />
          <SelectField
            label="Categoria"
            required
            value={values.category}
            onChange={(e) => set('category', e.target.value)}
            error={errors.category}
            disabled={saving}
          >
            <option value="" disabled>
              Selecione a categoria
            </option>
            {CASH_FLOW_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <MoneyField
            label="Valor"
            required
            placeholder="0,00"
            value={values.amount}
            onChange={(amount) => set('amount', amount)}
            error={errors.amount}
            disabled={saving}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : entry ? 'Salvar' : 'Criar Lançamento'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
