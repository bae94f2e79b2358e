// Configurações > Fiscal > 'Séries dos caixas': each till's NFC-e series, unique in the store,
// so two tills never give the same number. A till appears once it has opened the Balcão.
import type { FiscalSettingsView, FiscalTill } from '../../../shared/contract/fiscal-settings';
import { Card, CardContent, CardHeader } from '../../components/card';
import { TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { useFormValues } from '../../components/use-form-values';
import { describeError } from '../../lib/api-error';
import { useUpdateFiscalSettings } from './fiscal-api';
import { SettingsForm } from './settings-form';

const tillName = (till: FiscalTill) => till.name ?? `Caixa ${till.code}`;
const seriesText = (series: number | null) => (series === null ? '' : String(series));

function SeriesForm({ tills }: { tills: FiscalTill[] }) {
  const update = useUpdateFiscalSettings();
  const { values, set, errors, setErrors } = useFormValues<Record<string, string>>(() =>
    Object.fromEntries(tills.map((t) => [t.id, seriesText(t.nfce_series)])),
  );

  async function onSubmit() {
    const problems: Record<string, string> = {};
    const changed = tills
      .filter((t) => values[t.id]!.trim() !== seriesText(t.nfce_series))
      .map((t) => {
        const typed = values[t.id]!.trim();
        if (typed !== '' && !/^\d{1,3}$/.test(typed)) problems[t.id] = 'Série: um número de 0 a 999';
        return { device_id: t.id, series: typed === '' ? null : Number(typed) };
      });
    setErrors(problems);
    if (Object.keys(problems).length) {
      toastError('Erro ao salvar as séries', Object.values(problems)[0]!);
      return;
    }
    if (!changed.length) return;
    try {
      await update.mutateAsync({ till_series: changed });
      toast({ title: 'Séries salvas', description: 'Cada caixa emite na sua série.' });
    } catch (error) {
      toastError('Erro ao salvar as séries', describeError(error, 'Erro ao salvar as séries'));
    }
  }

  return (
    <SettingsForm onSubmit={onSubmit} saving={update.isPending} saveLabel="Salvar séries">
      {tills.map((till) => (
        <TextField
          key={till.id}
          label={`Série de ${tillName(till)}`}
          inputMode="numeric"
          value={values[till.id]!}
          onChange={(e) => set(till.id, e.target.value)}
          error={errors[till.id]}
          disabled={update.isPending}
        />
      ))}
    </SettingsForm>
  );
}

export function FiscalSeriesCard({ view, version }: { view: FiscalSettingsView; version: number }) {
  return (
    <Card>
      <CardHeader
        title="Séries dos caixas"
        description="Cada caixa emite as suas notas numa série só dele (de 0 a 999); o número seguinte é dado pelo servidor."
      />
      <CardContent>
        {view.tills.length ? (
          <SeriesForm key={version} tills={view.tills} />
        ) : (
          <p className="text-sm text-slate-600">Nenhum caixa ainda: um caixa aparece aqui depois de abrir o Balcão.</p>
        )}
      </CardContent>
    </Card>
  );
}
