// 'Nova Conta' (accounts_receivable.write): description, amount and due date required
// ('Preencha todos os campos obrigatórios'); the customer is optional, from the mirror.
import { AccountReceivableCreateSchema, RECEIVABLE_PAYMENT_METHODS } from '../../../shared/contract/accounts';
import {
  DateRow,
  MoneyRow,
  NotesRow,
  PaymentMethodRow,
  TextRow,
  useAccountForm,
} from '../../components/accounts/field-rows';
import { GridFormDialog } from '../../components/form-dialog';
import { toastSaved } from '../../components/outcome-toast';
import { toastError } from '../../components/toast-store';
import { validateForm } from '../../lib/form-errors';
import { useCreateReceivable } from './api';
import { CustomerField } from './customer-field';
import { EMPTY_RECEIVABLE_FORM, formToInput, requiredFilled, type ReceivableFormValues } from './receivable-form';

export function ReceivableFormDialog({ onClose }: { onClose: () => void }) {
  const createMutation = useCreateReceivable();
  const { values, set, save, saving, form } = useAccountForm<ReceivableFormValues>(
    EMPTY_RECEIVABLE_FORM,
    onClose,
    (reason) => `Erro ao criar conta a receber: ${reason}`,
    [createMutation],
  );

  function onSubmit() {
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

  return (
    <GridFormDialog
      title="Nova Conta"
      size="lg"
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Criar Conta"
    >
      <TextRow form={form} name="description" label="Descrição" required className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <CustomerField value={values.customer} onChange={(c) => set('customer', c)} disabled={saving} />
      </div>
      <MoneyRow form={form} name="amount" />
      <DateRow form={form} name="due_date" label="Vencimento" />
      <PaymentMethodRow form={form} name="payment_method" choices={RECEIVABLE_PAYMENT_METHODS} />
      <TextRow form={form} name="reference_number" label="Número de Referência" />
      <NotesRow form={form} name="notes" />
    </GridFormDialog>
  );
}
