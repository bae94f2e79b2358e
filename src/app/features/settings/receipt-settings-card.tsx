// 'Recibo': the width of the till's receipt roll and whether the receipt prints by itself
// after each sale (PUT /api/settings). Each change is saved as soon as it is made; the
// fields show what the server holds, or the change on its way.
import { RECEIPT_PAPER_WIDTHS, type StoreSettingsUpdate } from '../../../shared/contract/settings';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField, SelectField } from '../../components/field';
import { LoadingState } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';

const WIDTH_LABELS = { '80mm': '80 mm (padrão)', '58mm': '58 mm' } as const;

export function ReceiptSettingsCard() {
  const settingsQuery = useStoreSettings();
  const update = useUpdateStoreSettings();
  const saved = settingsQuery.data;
  const shown = saved && update.isPending ? { ...saved, ...update.variables } : saved;

  async function save(change: StoreSettingsUpdate, done: string) {
    try {
      await update.mutateAsync(change);
      toast({ title: 'Configuração salva', description: done });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  }

  return (
    <Card>
      <CardHeader title="Recibo" description="Como o Nova Venda imprime o recibo na impressora térmica." />
      <CardContent className="flex flex-col gap-3">
        {shown === undefined ? (
          settingsQuery.isError ? (
            <p className="text-sm text-slate-600">Não foi possível carregar as configurações.</p>
          ) : (
            <LoadingState text="Carregando configurações..." />
          )
        ) : (
          <>
            <SelectField
              label="Largura do papel do recibo"
              value={shown.receipt_paper_width}
              disabled={update.isPending}
              onChange={(e) => {
                const width = RECEIPT_PAPER_WIDTHS.find((w) => w === e.target.value) ?? '80mm';
                void save({ receipt_paper_width: width }, `O recibo sai em papel de ${WIDTH_LABELS[width]}.`);
              }}
            >
              {RECEIPT_PAPER_WIDTHS.map((w) => (
                <option key={w} value={w}>
                  {WIDTH_LABELS[w]}
                </option>
              ))}
            </SelectField>
            <CheckboxField
              label="Imprimir recibo automaticamente após cada venda"
              description="Ao finalizar a venda, a janela de impressão abre com o recibo, sem precisar clicar em Imprimir recibo."
              checked={shown.receipt_auto_print}
              disabled={update.isPending}
              onChange={(checked) =>
                void save(
                  { receipt_auto_print: checked },
                  checked
                    ? 'O recibo será impresso automaticamente após cada venda.'
                    : 'O recibo só será impresso quando você clicar em Imprimir recibo.',
                )
              }
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
