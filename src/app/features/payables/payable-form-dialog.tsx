// 'Nova Conta a Pagar' / 'Editar Conta a Pagar': the five required fields enable the
// button; contract or server (400) errors show under the fields.
import { useState, type FormEvent } from 'react';
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import {
  AccountPayableCreateSchema,
  AccountPayableUpdateSchema,
  PAYABLE_PAYMENT_METHODS,
} from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-input';
import { Dialog, DialogFooter } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { toastSaved } from '../../components/outcome-toast';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { useCreatePayable, useUpdatePayable, type PayableRow } from './api';
import { EMPTY_PAYABLE_FORM, formToInput, payableToForm, requiredFilled, type PayableFormValues } from './payable-form';

interface PayableFormDialogProps {
  /** The account being edited, or null for a new one. */
  account: PayableRow | null;
  onClose: () => void;
}

export function PayableFormDialog({ account, onClose }: PayableFormDialogProps) {
  const [values, setValues] = useState<PayableFormValues>(() =>
    account ? payableToForm(account) : EMPTY_PAYABLE_FORM,
  );
  const createMutation = useCreatePayable();
  const updateMutation = useUpdatePayable();
  const saving = createMutation.isPending || updateMutation.isPending;
  const action = account ? 'atualizar' : 'criar';
  const { errors, save } = useFormSave('Erro', onClose, (reason) => `Erro ao ${action} conta a pagar: ${reason}`);

  function set<K extends keyof PayableFormValues>(key: K, value: PayableFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!requiredFilled(values)) return;
    const input = formToInput(values);
    if (account) {
      void save(
        validateForm(AccountPayableUpdateSchema, input),
        (value) => updateMutation.mutateAsync({ account, value }),
        (outcome) => toastSaved(outcome, 'Conta a pagar atualizada com sucesso!'),
      );
    } else {
      void save(
        validateForm(AccountPayableCreateSchema, input),
        (value) => createMutation.mutateAsync(value),
        (outcome) => toastSaved(outcome, 'Conta a pagar criada com sucesso!'),
      );
    }
  }

  const text = (key: 'supplier_name' | 'description' | 'reference_number') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
    disabled: saving,
  });

  return (
    <Dialog
      open
      onClose={() => !saving && onClose()}
      title={account ? 'Editar Conta a Pagar' : 'Nova Conta a Pagar'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Fornecedor" required autoComplete="off" {...text('supplier_name')} />
          <TextField label="Descrição" required autoComplete="off" {...text('description')} />
          <MoneyField
            label="Valor"
            required
            placeholder="0,00"
            value={values.amount}
            onChange={(amount) => set('amount', amount)}
            error={errors.amount}
            disabled={saving}
          />
          <DateField
            label="Vencimento"
            required
            value={values.due_date}
            onChange={(date) => set('due_date', date)}
            error={errors.due_date}
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
            {PAYABLE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Forma de Pagamento"
            value={values.payment_method}
            onChange={(e) => set('payment_method', e.target.value)}
            error={errors.payment_method}
            disabled={saving}
          >
            <option value="none">Nenhuma</option>
            {PAYABLE_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Número de Referência"
            autoComplete="off"
            className="sm:col-span-2"
            {...text('reference_number')}
          />
          <TextAreaField
            label="Observações"
            className="sm:col-span-2"
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            error={errors.notes}
            disabled={saving}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" disabled={saving || !requiredFilled(values)}>
            {saving ? 'Salvando...' : account ? 'Salvar' : 'Criar Conta'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
