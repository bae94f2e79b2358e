// Configurações > Fiscal > 'CPF na nota': the sale total from which the till requires the
// consumer's CPF or CNPJ on the NFC-e (R$ 10.000,00 unless the store's state says less).
// Saved by its own button; the till learns it with the rest of what it needs to emit.
import { useState } from 'react';
import type { FiscalSettingsView } from '../../../shared/contract/fiscal-settings';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { MoneyField } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateFiscalSettings } from './fiscal-api';

export const THRESHOLD_LABEL = 'CPF/CNPJ obrigatório a partir de';

export function FiscalConsumerCard({ view }: { view: FiscalSettingsView }) {
  const update = useUpdateFiscalSettings();
  const saved = view.consumer_document_threshold;
  const [value, setValue] = useState<number | null>(saved);

  async function save() {
    if (value === null) return;
    try {
      await update.mutateAsync({ consumer_document_threshold: value });
      toast({ title: 'CPF na nota', description: `${THRESHOLD_LABEL}: ${formatBRL(value)}.` });
    } catch (error) {
      toastError('Erro ao salvar', describeError(error, 'Erro ao salvar'));
    }
  }

  return (
    <Card>
      <CardHeader
        title="CPF na nota"
        description="O caixa pergunta 'CPF na nota?' em toda venda; a partir deste valor o CPF ou o CNPJ do consumidor é obrigatório na NFC-e."
      />
      <CardContent>
        <div className="flex flex-wrap items-end gap-3">
          <MoneyField
            id="fiscal-consumer-document-threshold"
            label={THRESHOLD_LABEL}
            hint="R$ 10.000,00 é o valor de quase todos os estados."
            className="w-64"
            value={value}
            onChange={(c) => setValue(c)}
          />
          <Button
            variant="outline"
            onClick={() => void save()}
            disabled={value === null || value === saved || update.isPending}
          >
            Salvar valor
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
