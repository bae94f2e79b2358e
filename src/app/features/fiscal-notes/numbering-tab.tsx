// 'Numeração': the numbers each series skipped (no note, not voided), found by the server,
// each run with 'Inutilizar', and the inutilizações SEFAZ did not answer (em dúvida: it may
// have voided them), each with 'Tentar de novo', which sends the same range again (the
// server resends the same document into the same record). The inutilização asks for the
// justification SEFAZ keeps and says SEFAZ's answer: homologada with its protocol, refused
// with the reason, or in doubt.
import { useState } from 'react';
import type { z } from 'zod/mini';
import type { InutilizationSchema } from '../../../shared/contract/fiscal-notes';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { Dialog, DialogFooter } from '../../components/dialog';
import { InlineLoading } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useInutilize, useNumberGaps } from './api';
import { JustificationField, justificationProblem } from './cancel-note-dialog';

type Gap = { series: number; first: number; last: number };
type Inutilization = z.infer<typeof InutilizationSchema>;

const runText = (g: Gap) => (g.first === g.last ? `nº ${g.first}` : `nº ${g.first} a ${g.last}`);
export const IN_DOUBT_TOAST = 'A SEFAZ não respondeu';
export const IN_DOUBT_TEXT =
  'A inutilização ficou em dúvida: a SEFAZ pode ter inutilizado os números. Use "Tentar de novo" em Numeração.';

/** Tells the admin SEFAZ's answer to an inutilização of `gap`. */
function tellAnswer(gap: Gap, done: Inutilization) {
  if (done.status === 'homologada')
    toast({
      title: 'Números inutilizados',
      description: `Série ${gap.series}, ${runText(gap)}: ${done.protocol ? `protocolo ${done.protocol}` : 'a SEFAZ confirmou que já estavam inutilizados'}.`,
    });
  else if (done.status === 'pendente') toastError(IN_DOUBT_TOAST, IN_DOUBT_TEXT);
  else toastError('A SEFAZ recusou a inutilização', `${done.cstat}: ${done.reason}`);
}

export function NumberingTab() {
  const numbering = useNumberGaps();
  const [voiding, setVoiding] = useState<Gap | null>(null);
  const gaps = numbering.data?.gaps;
  const inDoubt = numbering.data?.in_doubt ?? [];
  return (
    <Card>
      <CardHeader
        title="Números saltados"
        description="Números de cada série que ficaram sem nota. A lei pede que sejam inutilizados na SEFAZ."
      />
      <CardContent>
        {numbering.isPending ? <InlineLoading text="Procurando números saltados..." /> : null}
        {numbering.isError ? (
          <p className="text-sm text-red-700">Erro ao carregar a numeração. Tente novamente.</p>
        ) : null}
        {inDoubt.length ? <InDoubtList items={inDoubt} /> : null}
        {gaps && gaps.length === 0 && inDoubt.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum número saltado: a numeração está em ordem.</p>
        ) : null}
        {gaps?.length ? (
          <ul aria-label="Números saltados" className="divide-y divide-slate-100">
            {gaps.map((g) => (
              <li key={`${g.series}-${g.first}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="text-sm text-slate-800">
                  Série {g.series}: {runText(g)}
                </span>
                <Button variant="outline" size="sm" onClick={() => setVoiding(g)}>
                  Inutilizar
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
      {voiding ? <InutilizeDialog gap={voiding} onClose={() => setVoiding(null)} /> : null}
    </Card>
  );
}

/** The inutilizações SEFAZ did not answer: each range tried again as it was sent. */
function InDoubtList({ items }: { items: Inutilization[] }) {
  const inutilize = useInutilize();
  const retry = (item: Inutilization) =>
    inutilize.mutate(
      { series: item.series, first: item.first, last: item.last, justification: item.justification },
      {
        onSuccess: (done) => tellAnswer(item, done),
        onError: (e) => toastError('Os números não foram inutilizados', describeError(e, 'Erro desconhecido')),
      },
    );
  return (
    <section aria-label="Inutilizações em dúvida" className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3">
      <h3 className="text-sm font-semibold text-amber-900">Em dúvida</h3>
      <p className="mb-2 text-xs text-amber-900">
        A SEFAZ não respondeu a estas inutilizações e pode tê-las feito. Tente de novo: a mesma faixa é reenviada, sem
        criar outra.
      </p>
      <ul className="divide-y divide-amber-100">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-slate-800">
              Série {item.series}: {runText(item)}
            </span>
            <Button variant="outline" size="sm" onClick={() => retry(item)} disabled={inutilize.isPending}>
              {inutilize.isPending && inutilize.variables?.first === item.first ? 'Enviando...' : 'Tentar de novo'}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function InutilizeDialog({ gap, onClose }: { gap: Gap; onClose: () => void }) {
  const inutilize = useInutilize();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const problem = justificationProblem(text);
    if (problem) return setError(problem);
    inutilize.mutate(
      { ...gap, justification: text.trim() },
      {
        onSuccess: (done) => {
          onClose();
          tellAnswer(gap, done);
        },
        onError: (e) => toastError('Os números não foram inutilizados', describeError(e, 'Erro desconhecido')),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={() => !inutilize.isPending && onClose()}
      title={`Inutilizar série ${gap.series}, ${runText(gap)}`}
      description="A inutilização é enviada à SEFAZ e não pode ser desfeita: esses números não poderão ter nota."
      role="alertdialog"
      size="sm"
    >
      <JustificationField
        value={text}
        error={error}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={inutilize.isPending}>
          Voltar
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={inutilize.isPending}>
          {inutilize.isPending ? 'Inutilizando...' : 'Inutilizar'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
