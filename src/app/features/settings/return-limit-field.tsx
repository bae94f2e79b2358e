// The largest return a cashier may make without an admin (PUT /api/settings
// cashier_max_return, in centavos): above it the server refuses it online and flags it
// for admins when it was made offline.
import { useState } from 'react';
import { Button } from '../../components/button';
import { FieldFrame } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateStoreSettings } from '../../lib/store-settings';
import { formatBRL } from '../../../shared/money';

export function ReturnLimitField({ saved }: { saved: number }) {
  const update = useUpdateStoreSettings();
  const [value, setValue] = useState<number | null>(saved);
  const save = async () => {
    if (value === null) return;
    try {
      await update.mutateAsync({ cashier_max_return: value });
      toast({ title: 'Configuração salva', description: `Limite de devolução dos caixas: ${formatBRL(value)}.` });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <FieldFrame
        id="cashier-max-return"
        label="Limite de devolução dos caixas"
        hint="Devoluções de valor maior precisam de um administrador."
        className="w-64"
      >
        <MoneyInput id="cashier-max-return" value={value} onChange={(c) => setValue(c)} />
      </FieldFrame>
      <Button
        variant="outline"
        onClick={() => void save()}
        disabled={value === null || value === saved || update.isPending}
      >
        Salvar limite
      </Button>
    </div>
  );
}
