// Configurações > Fiscal > 'Emissão de NFC-e': on or off, with what each means said
// plainly, what is still missing before it may be turned on, and the environment
// (homologação, or produção after the admin confirms what it means).
import { useState } from 'react';
import type { FiscalSettingsUpdate, FiscalSettingsView } from '../../../shared/contract/fiscal-settings';
import { Badge } from '../../components/badge';
import { Card, CardContent, CardHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckboxField, SelectField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateFiscalSettings } from './fiscal-api';

export const EMISSION_OFF_TEXT =
  'Desligada: o Balcão vende como hoje, sem NFC-e; o recibo continua dizendo "Documento sem valor fiscal".';
export const EMISSION_ON_TEXT =
  'Ligada: cada venda finalizada gera uma NFC-e, assinada com o certificado A1 da loja e enviada à SEFAZ; o caixa imprime o DANFE NFC-e no lugar do recibo.';
export const PRODUCTION_CONFIRM_TEXT =
  'Em produção as notas têm valor fiscal e são enviadas à SEFAZ de verdade: cada venda passa a ser declarada ao fisco. Confira o emitente, o CSC e as séries dos caixas antes.';

export function FiscalEmissionCard({ view }: { view: FiscalSettingsView }) {
  const update = useUpdateFiscalSettings();
  const [askProduction, setAskProduction] = useState(false);

  async function save(change: FiscalSettingsUpdate, done: string) {
    try {
      await update.mutateAsync(change);
      toast({ title: 'Configuração fiscal salva', description: done });
    } catch (error) {
      toastError('Erro ao salvar configuração fiscal', describeError(error, 'Erro ao salvar configuração fiscal'));
    }
  }

  const blocked = !view.emission_enabled && view.emission_problems.length > 0;
  return (
    <Card>
      <CardHeader
        title="Emissão de NFC-e"
        description="A nota fiscal de consumidor eletrônica (modelo 65) de cada venda."
        actions={
          <Badge tone={view.emission_enabled ? 'green' : 'gray'}>
            {view.emission_enabled ? 'Ligada' : 'Desligada'}
          </Badge>
        }
      />
      <CardContent className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{view.emission_enabled ? EMISSION_ON_TEXT : EMISSION_OFF_TEXT}</p>
        <CheckboxField
          label="Emitir NFC-e em cada venda"
          description={
            view.environment === 'homologacao'
              ? 'Em homologação as notas são de teste, sem valor fiscal.'
              : 'Em produção: as notas têm valor fiscal.'
          }
          checked={view.emission_enabled}
          disabled={update.isPending || blocked}
          onChange={(on) =>
            void save(
              { emission_enabled: on },
              on ? 'A emissão de NFC-e está ligada.' : 'A emissão de NFC-e está desligada: a loja vende sem nota.',
            )
          }
        />
        {view.emission_problems.length > 0 ? (
          <div role="note" aria-label="O que falta para emitir" className="rounded-md bg-yellow-50 p-3 text-sm">
            <p className="font-medium text-yellow-900">Para ligar a emissão, falta:</p>
            <ul className="mt-1 list-disc pl-5 text-yellow-900">
              {view.emission_problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <SelectField
          label="Ambiente"
          value={view.environment}
          disabled={update.isPending}
          hint="Comece em homologação: as notas vão à SEFAZ de teste."
          onChange={(e) => {
            if (e.target.value === 'producao') setAskProduction(true);
            else void save({ environment: 'homologacao' }, 'Ambiente: homologação (notas de teste).');
          }}
        >
          <option value="homologacao">Homologação (teste, sem valor fiscal)</option>
          <option value="producao">Produção (com valor fiscal)</option>
        </SelectField>
      </CardContent>
      <ConfirmDialog
        open={askProduction}
        title="Emitir em produção?"
        message={PRODUCTION_CONFIRM_TEXT}
        confirmLabel="Passar para produção"
        pendingLabel="Salvando..."
        pending={update.isPending}
        destructive={false}
        onCancel={() => setAskProduction(false)}
        onConfirm={() =>
          void save(
            { environment: 'producao', confirm_production: true },
            'Ambiente: produção (notas com valor fiscal).',
          ).then(() => setAskProduction(false))
        }
      />
    </Card>
  );
}
