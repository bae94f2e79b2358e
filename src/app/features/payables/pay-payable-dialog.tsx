// 'Marcar como Pago': the account's summary and an optional payment date (empty = today,
// never after today).
import { useState } from 'react';
import { MarkAsPaidSchema } from '../../../shared/contract/accounts';
import { formatDate, todayIso } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import { DetailList } from '../../components/detail-list';
import { DateField } from '../../components/date-input';
import { FormDialog } from '../../components/form-dialog';
import { toastSaved } from '../../components/outcome-toast';
import { useFormSave } from '../../components/use-form-save';
import { validateForm } from '../../lib/form-errors';
import { usePayPayable, type PayableRow } from './api';

export function PayPayableDialog({ account, onClose }: { account: PayableRow; onClose: () => void }) {
  // '' = today; null while what is typed is not a date (the field says why; nothing is sent).
  const [paymentDate, setPaymentDate] = useState<string | null>('');
  const payMutation = usePayPayable();
  const saving = payMutation.isPending;
  const { errors, save } = useFormSave('Erro', onClose, (reason) => `Erro ao marcar conta como paga: ${reason}`);

  function onSubmit() {
    if (paymentDate === null) return;
    void save(
      validateForm(MarkAsPaidSchema, { payment_date: paymentDate }),
      (value) => payMutation.mutateAsync({ account, paymentDate: value.payment_date }),
      (outcome) => toastSaved(outcome, 'Conta a pagar marcada como paga!'),
    );
  }

  return (
    <FormDialog
      title="Marcar como Pago"
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Marcar como Pago"
      className="flex flex-col gap-4"
    >
      <DetailList
        items={[
          ['Fornecedor', account.supplier_name],
          ['Descrição', account.description],
          ['Valor', formatBRL(account.amount)],
          ['Vencimento', formatDate(account.due_date)],
        ]}
      />
      <DateField
        label="Data do Pagamento"
        max={todayIso()}
        hint="Deixe em branco para usar a data de hoje."
        value={paymentDate}
        onChange={setPaymentDate}
        error={errors.payment_date}
        disabled={saving}
      />
    </FormDialog>
  );
}
