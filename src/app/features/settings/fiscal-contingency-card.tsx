// Configurações > Fiscal > 'Contingência off-line': when the internet or SEFAZ is down the till
// issues the NFC-e in offline contingency (tpEmis 9) and prints its DANFE at once. One card:
// the store's rules for those notes (whether it keeps them electronically, guarda eletrônica:
// the DANFE prints the consumer's copy alone, off, the store's copy too; within how many hours
// after the issue a note must reach SEFAZ), each saved by itself and learnt by the till with
// the rest of what it needs to emit; and the tills that hold the signing key
// (till-keys-section.tsx).
import { useState } from 'react';
import {
  CONTINGENCY_DEADLINE_HOURS_MAX,
  CONTINGENCY_DEADLINE_HOURS_MIN,
  type FiscalSettingsUpdate,
  type FiscalSettingsView,
} from '../../../shared/contract/fiscal-settings';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField, TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateFiscalSettings } from './fiscal-api';
import { TillKeysSection } from './till-keys-section';

export const CUSTODY_LABEL = 'Guarda eletrônica das notas em contingência';
export const CUSTODY_TEXT =
  'O DANFE de uma nota emitida em contingência sai em duas vias: a do consumidor e a do estabelecimento, que a loja guarda até a nota ser autorizada. Marque se a loja guarda essas notas só em meio eletrônico, como a SEFAZ do seu estado permite: então sai só a via do consumidor.';
export const DEADLINE_LABEL = 'Prazo para transmitir as notas em contingência (horas)';
export const DEADLINE_HINT = `A regra da SEFAZ: até o fim do primeiro dia útil depois da emissão. 24 horas sempre cabem nela. De ${CONTINGENCY_DEADLINE_HOURS_MIN} a ${CONTINGENCY_DEADLINE_HOURS_MAX} horas.`;
export const DEADLINE_INVALID = `Use um número inteiro de ${CONTINGENCY_DEADLINE_HOURS_MIN} a ${CONTINGENCY_DEADLINE_HOURS_MAX} horas, como 24`;

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hora' : 'horas'}`;

/** The hours as typed, or null when they are not a whole number in the range. */
function hoursOf(text: string): number | null {
  if (!/^\d{1,3}$/.test(text.trim())) return null;
  const hours = Number(text.trim());
  return hours >= CONTINGENCY_DEADLINE_HOURS_MIN && hours <= CONTINGENCY_DEADLINE_HOURS_MAX ? hours : null;
}

export function FiscalContingencyCard({ view }: { view: FiscalSettingsView }) {
  const update = useUpdateFiscalSettings();
  const saved = view.contingency_deadline_hours;
  const [text, setText] = useState(String(saved));
  const hours = hoursOf(text);

  async function save(change: FiscalSettingsUpdate, done: string) {
    try {
      await update.mutateAsync(change);
      toast({ title: 'Contingência', description: done });
    } catch (error) {
      toastError('Erro ao salvar', describeError(error, 'Erro ao salvar'));
    }
  }

  return (
    <Card className="xl:col-span-2">
      <CardHeader
        title="Contingência off-line"
        description="Sem internet ou sem resposta da SEFAZ, o caixa emite a NFC-e em contingência off-line: o DANFE sai na hora, com 'EMITIDA EM CONTINGÊNCIA', e a nota vai à SEFAZ quando a conexão voltar."
      />
      <CardContent className="grid grid-cols-1 gap-8 xl:grid-cols-2">
        <TillKeysSection />
        <section aria-labelledby="contingency-notes-title" className="flex flex-col gap-4">
          <h3 id="contingency-notes-title" className="text-sm font-semibold text-slate-900">
            Notas em contingência
          </h3>
          <CheckboxField
            label={CUSTODY_LABEL}
            description={CUSTODY_TEXT}
            checked={view.contingency_electronic_custody}
            disabled={update.isPending}
            onChange={(on) =>
              void save(
                { contingency_electronic_custody: on },
                on
                  ? 'Guarda eletrônica: o DANFE em contingência sai só com a via do consumidor.'
                  : 'Sem guarda eletrônica: o DANFE em contingência sai com a via do consumidor e a do estabelecimento.',
              )
            }
          />
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              id="fiscal-contingency-deadline"
              label={DEADLINE_LABEL}
              hint={DEADLINE_HINT}
              inputMode="numeric"
              className="w-full max-w-md"
              value={text}
              onChange={(e) => setText(e.target.value)}
              {...(text.trim() !== '' && hours === null ? { error: DEADLINE_INVALID } : {})}
            />
            <Button
              variant="outline"
              onClick={() => {
                if (hours !== null)
                  void save(
                    { contingency_deadline_hours: hours },
                    `Prazo das notas em contingência: ${hoursText(hours)}.`,
                  );
              }}
              disabled={hours === null || hours === saved || update.isPending}
            >
              Salvar prazo
            </Button>
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
