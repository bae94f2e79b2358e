// 'Nova Conta' (accounts_receivable.write): description, amount and due date required
// ('Preencha todos os campos obrigatórios'); the customer is optional, from the mirror.
import { useState, type FormEvent } from 'react';
import { AccountReceivableCreateSchema, RECEIVABLE_PAYMENT_METHODS } from '../../../shared/contract/accounts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { Button } from '../../components/button';
import { DateField } from '../../components/date-input';
import { Dialog, DialogFooter } from '../../components/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { MoneyField } from '../../components/money-input';
import { toastSaved } from '../../components/outcome-toast';
import { toastError } from '../../components/toast-store';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateReceivable } from './api';
import { CustomerField } from './customer-field';
import { EMPTY_RECEIVABLE_FORM, formToInput, requiredFilled, type ReceivableFormValues } from './receivable-form';

export function ReceivableFormDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<ReceivableFormValues>(EMPTY_RECEIVABLE_FORM);
  const createMutation = useCreateReceivable();
  const saving = createMutation.isPending;
  const { errors, save } = useFormSave('Erro', onClose, (reason) => `Erro ao criar conta a receber: ${reason}`);

  function set<K extends keyof ReceivableFormValues>(key: K, value: ReceivableFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!requiredFilled(values)) {
      toastError('Erro', 'Preencha todos os campos obrigatórios');
      return;
    }
    void save(
      validateForm(AccountReceivableCreateSchema, formToInput(values)),
      (value) => createMutation.mutateAsync({ value, customer: values.customer }),
      (outcome) => toastSaved(outcome, 'Conta a receber criada com sucesso!'),
    );
  }

  const text = (key: 'description' | 'reference_number') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
    disabled: saving,
  });

  return (
    <Dialog open onClose={() => !saving && onClose()} title="Nova Conta" size="lg">
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Descrição" required autoComplete="off" className="sm:col-span-2" {...text('description')} />
          <div className="sm:col-span-2">
            <CustomerField value={values.customer} onChange={(c) => set('customer', c)} disabled={saving} />
          </div>
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
            label="Forma de Pagamento"
            value={values.payment_method}
            onChange={(e) => set('payment_method', e.target.value)}
            error={errors.payment_method}
            disabled={saving}
          >
            <option value="none">Nenhuma</option>
            {RECEIVABLE_PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {PAYMENT_METHOD_LABELS[method]}
              </option>
            ))}
          </SelectField>
          <TextField label="Número de Referência" autoComplete="off" {...text('reference_number')} />
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
          <Button type="submit" disabled={saving}>
            {saving ? 'Salvando...' : 'Criar Conta'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
