// The largest difference per payment method a till close may have without a written
// reason (PUT /api/settings cash_close_tolerance, in centavos).
import { useState } from 'react';
import { Button } from '../../components/button';
import { FieldFrame } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateStoreSettings } from '../../lib/store-settings';
import { formatBRL } from '../../../shared/money';

export function CashCloseToleranceField({ saved }: { saved: number }) {
  const update = useUpdateStoreSettings();
  const [value, setValue] = useState<number | null>(saved);
  const save = async () => {
    if (value === null) return;
    try {
      await update.mutateAsync({ cash_close_tolerance: value });
      toast({ title: 'Configuração salva', description: `Tolerância no fechamento de caixa: ${formatBRL(value)}.` });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <FieldFrame
        id="cash-close-tolerance"
        label="Tolerância no fechamento de caixa"
        hint="Uma diferença maior em alguma forma de pagamento pede uma justificativa."
        className="w-64"
      >
        <MoneyInput id="cash-close-tolerance" value={value} onChange={(c) => setValue(c)} />
      </FieldFrame>
      <Button
        variant="outline"
        onClick={() => void save()}
        disabled={value === null || value === saved || update.isPending}
      >
        Salvar tolerância
      </Button>
    </div>
  );
}
