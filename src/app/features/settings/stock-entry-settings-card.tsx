// How an NF-e entry (Entrada de Mercadorias) prices what comes in: the product's cost
// price after an entry (the cost of what came in, or the weighted average with the stock
// on hand) and the markup proposed as the sale price of a product created from a line.
import { useState, type FormEvent } from 'react';
import type { StockCostMethod } from '../../../shared/contract/settings';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/field';
import { SettingsCard, useSaveSettings } from './settings-card';

const METHODS: { value: StockCostMethod; label: string }[] = [
  { value: 'average', label: 'Custo médio ponderado' },
  { value: 'last', label: 'Último custo de compra' },
];

export function StockEntrySettingsCard() {
  const { save: saveSetting, update } = useSaveSettings();
  const [markup, setMarkup] = useState<string | null>(null);
  const [markupError, setMarkupError] = useState<string | undefined>();

  const save = (change: Parameters<typeof saveSetting>[0]) =>
    saveSetting(change, 'A entrada de mercadorias segue a nova configuração.');

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
    <SettingsCard
      title="Entrada de Mercadorias"
      description="Como as NF-e de fornecedores atualizam o custo e sugerem o preço dos produtos novos."
    >
      {({ shown: settings }) => (
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
    </SettingsCard>
  );
}
