// 'Novo Lançamento' / 'Editar Lançamento' (manual entries, cash_flow.write): date
// (default today, never after), type, description, category and amount.
import { CASH_FLOW_CATEGORIES } from '../../../shared/constants';
import { CashFlowEntryCreateSchema, CashFlowEntryUpdateSchema } from '../../../shared/contract/cash-flow';
import { todayIso } from '../../../shared/dates';
import { toReais } from '../../../shared/money';
import {
  CategoryRow,
  ChoiceRow,
  DateRow,
  MoneyRow,
  TextRow,
  useAccountForm,
} from '../../components/accounts/field-rows';
import { GridFormDialog } from '../../components/form-dialog';
import { toastSaved } from '../../components/outcome-toast';
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

const TYPES = ['income', 'expense'] as const;
const TYPE_LABELS = { income: 'Entrada', expense: 'Saída' } as const;

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
  const action = entry ? 'atualizar' : 'criar';
  const createMutation = useCreateCashEntry();
  const updateMutation = useUpdateCashEntry();
  const { values, save, saving, form } = useAccountForm<EntryFormValues>(
    () =>
      entry
        ? {
            date: entry.date,
            type: entry.type,
            description: entry.description,
            category: entry.category,
            amount: entry.amount,
          }
        : { date: todayIso(), type: 'income', description: '', category: '', amount: null },
    onClose,
    (reason) => `Erro ao ${action} lançamento: ${reason}`,
    [createMutation, updateMutation],
  );

  function onSubmit() {
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
    <GridFormDialog
      title={entry ? 'Editar Lançamento' : 'Novo Lançamento'}
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={entry ? 'Salvar' : 'Criar Lançamento'}
    >
      <DateRow form={form} name="date" label="Data" max={todayIso()} />
      <ChoiceRow form={form} name="type" label="Tipo" required choices={TYPES} labels={TYPE_LABELS} />
      {/* The first thing to type: the date comes filled (today) and is changed less often. */}
      <TextRow form={form} name="description" label="Descrição" required data-autofocus="" className="sm:col-span-2" />
      <CategoryRow form={form} name="category" choices={CASH_FLOW_CATEGORIES} />
      <MoneyRow form={form} name="amount" />
    </GridFormDialog>
  );
}
