// How an NF-e entry (Entrada de Mercadorias) prices what comes in: the product's cost
// price after an entry (the cost of what came in, or the weighted average with the stock
// on hand) and the markup proposed as the sale price of a product created from a line.
import { useState, type FormEvent } from 'react';
import type { StockCostMethod } from '../../../shared/contract/settings';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField, TextField } from '../../components/field';
import { LoadingState } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';

const METHODS: { value: StockCostMethod; label: string }[] = [
  { value: 'average', label: 'Custo médio ponderado' },
  { value: 'last', label: 'Último custo de compra' },
];

export function StockEntrySettingsCard() {
  const settings = useStoreSettings().data;
  const update = useUpdateStoreSettings();
  const [markup, setMarkup] = useState<string | null>(null);
  const [markupError, setMarkupError] = useState<string | undefined>();

  async function save(change: Parameters<typeof update.mutateAsync>[0]) {
    try {
      await update.mutateAsync(change);
      toast({ title: 'Configuração salva', description: 'A entrada de mercadorias segue a nova configuração.' });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  }

  function submitMarkup(event: FormEvent) {
    event.preventDefault();
    const value = Number((markup ?? '').replace(',', '.'));
    if (!Number.isFinite(value) || value < 0 || (markup ?? '').trim() === '') {
      setMarkupError('Informe uma margem de 0 ou mais');
      return;
    }
    setMarkupError(undefined);
    void save({ new_product_markup_percent: Math.round(value * 100) / 100 }).then(() => setMarkup(null));
  }

  return (
    <Card>
      <CardHeader
        title="Entrada de Mercadorias"
        description="Como as NF-e de fornecedores atualizam o custo e sugerem o preço dos produtos novos."
      />
      <CardContent>
        {settings === undefined ? (
          <LoadingState text="Carregando configurações..." />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Preço de custo após a entrada"
              value={settings.stock_cost_method}
              disabled={update.isPending}
              onChange={(e) => void save({ stock_cost_method: e.target.value as StockCostMethod })}
            >
              {METHODS.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </SelectField>
            <form onSubmit={submitMarkup} className="flex items-end gap-2" noValidate>
              <TextField
                className="flex-1"
                label="Margem sugerida para produtos novos (%)"
                inputMode="decimal"
                value={markup ?? String(settings.new_product_markup_percent).replace('.', ',')}
                error={markupError}
                onChange={(e) => setMarkup(e.target.value)}
              />
              <Button type="submit" variant="outline" disabled={update.isPending || markup === null}>
                Salvar
              </Button>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
