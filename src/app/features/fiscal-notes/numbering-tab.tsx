// 'Numeração': the numbers each series skipped (no note, not voided), found by the server,
// each run with 'Inutilizar'. The inutilização asks for the justification SEFAZ keeps and
// says SEFAZ's answer: homologada with its protocol, or refused with the reason.
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { Dialog, DialogFooter } from '../../components/dialog';
import { InlineLoading } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useInutilize, useNumberGaps } from './api';
import { JustificationField, justificationProblem } from './cancel-note-dialog';

type Gap = { series: number; first: number; last: number };

const runText = (g: Gap) => (g.first === g.last ? `nº ${g.first}` : `nº ${g.first} a ${g.last}`);

export function NumberingTab() {
  const gaps = useNumberGaps();
  const [voiding, setVoiding] = useState<Gap | null>(null);
  return (
    <Card>
      <CardHeader
        title="Números saltados"
        description="Números de cada série que ficaram sem nota. A lei pede que sejam inutilizados na SEFAZ."
      />
      <CardContent>
        {gaps.isPending ? <InlineLoading text="Procurando números saltados..." /> : null}
        {gaps.isError ? <p className="text-sm text-red-700">Erro ao carregar a numeração. Tente novamente.</p> : null}
        {gaps.data && gaps.data.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum número saltado: a numeração está em ordem.</p>
        ) : null}
        {gaps.data?.length ? (
          <ul aria-label="Números saltados" className="divide-y divide-slate-100">
            {gaps.data.map((g) => (
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
          if (done.status === 'homologada')
            toast({ title: 'Números inutilizados', description: `Série ${gap.series}, ${runText(gap)}: protocolo ${done.protocol}.` }); // prettier-ignore
          else toastError('A SEFAZ recusou a inutilização', `${done.cstat}: ${done.reason}`);
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
