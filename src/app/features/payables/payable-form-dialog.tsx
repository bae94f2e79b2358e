// 'Nova Conta a Pagar' / 'Editar Conta a Pagar': the five required fields enable the
// button; contract or server (400) errors show under the fields.
import { PAYABLE_CATEGORIES } from '../../../shared/constants';
import {
  AccountPayableCreateSchema,
  AccountPayableUpdateSchema,
  PAYABLE_PAYMENT_METHODS,
} from '../../../shared/contract/accounts';
import {
  CategoryRow,
  DateRow,
  MoneyRow,
  NotesRow,
  PaymentMethodRow,
  TextRow,
  useAccountForm,
} from '../../components/accounts/field-rows';
import { GridFormDialog } from '../../components/form-dialog';
import { toastSaved } from '../../components/outcome-toast';
import { validateForm } from '../../lib/form-errors';
import { useCreatePayable, useUpdatePayable, type PayableRow } from './api';
import { EMPTY_PAYABLE_FORM, formToInput, payableToForm, requiredFilled, type PayableFormValues } from './payable-form';

interface PayableFormDialogProps {
  /** The account being edited, or null for a new one. */
  account: PayableRow | null;
  onClose: () => void;
}

export function PayableFormDialog({ account, onClose }: PayableFormDialogProps) {
  const action = account ? 'atualizar' : 'criar';
  const createMutation = useCreatePayable();
  const updateMutation = useUpdatePayable();
  const { values, save, saving, form } = useAccountForm<PayableFormValues>(
    () => (account ? payableToForm(account) : EMPTY_PAYABLE_FORM),
    onClose,
    (reason) => `Erro ao ${action} conta a pagar: ${reason}`,
    [createMutation, updateMutation],
  );

  function onSubmit() {
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

  return (
    <GridFormDialog
      title={account ? 'Editar Conta a Pagar' : 'Nova Conta a Pagar'}
      size="lg"
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={account ? 'Salvar' : 'Criar Conta'}
      submitDisabled={!requiredFilled(values)}
    >
      <TextRow form={form} name="supplier_name" label="Fornecedor" required />
      <TextRow form={form} name="description" label="Descrição" required />
      <MoneyRow form={form} name="amount" />
      <DateRow form={form} name="due_date" label="Vencimento" />
      <CategoryRow form={form} name="category" choices={PAYABLE_CATEGORIES} />
      <PaymentMethodRow form={form} name="payment_method" choices={PAYABLE_PAYMENT_METHODS} />
      <TextRow form={form} name="reference_number" label="Número de Referência" className="sm:col-span-2" />
      <NotesRow form={form} name="notes" />
    </GridFormDialog>
  );
}
