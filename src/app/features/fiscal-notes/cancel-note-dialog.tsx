// 'Cancelar nota': the justification SEFAZ keeps with the event (15 to 255 characters),
// counted as it is typed, and what cancelling means.
import { useState } from 'react';
import { JUSTIFICATION_MAX, JUSTIFICATION_MIN } from '../../../shared/contract/fiscal-notes';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { TextAreaField } from '../../components/field';

export function justificationProblem(text: string): string | null {
  const length = text.trim().length;
  if (length < JUSTIFICATION_MIN) return `Escreva pelo menos ${JUSTIFICATION_MIN} caracteres (faltam ${JUSTIFICATION_MIN - length}).`; // prettier-ignore
  if (length > JUSTIFICATION_MAX) return `Use no máximo ${JUSTIFICATION_MAX} caracteres.`;
  return null;
}

/** A justification field with its count ('23/255'), for the cancel and the inutilização. */
export function JustificationField({
  value,
  onChange,
  error,
  label = 'Justificativa',
}: {
  value: string;
  onChange: (text: string) => void;
  error: string | null;
  label?: string;
}) {
  const length = value.trim().length;
  return (
    <TextAreaField
      label={label}
      value={value}
      maxLength={JUSTIFICATION_MAX + 20}
      data-autofocus=""
      error={error ?? undefined}
      hint={`${length}/${JUSTIFICATION_MAX} caracteres (mínimo ${JUSTIFICATION_MIN})`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function CancelNoteDialog({
  number,
  pending,
  onClose,
  onConfirm,
}: {
  number: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: (justification: string) => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const problem = justificationProblem(text);
    if (problem) setError(problem);
    else onConfirm(text.trim());
  };
  return (
    <Dialog
      open
      onClose={() => !pending && onClose()}
      title={`Cancelar a NFC-e nº ${number}`}
      description="O cancelamento é enviado à SEFAZ e não pode ser desfeito."
      role="alertdialog"
      size="sm"
    >
      <p className="mb-3 text-sm text-slate-700">
        A nota deixa de valer. A venda no Balcão não muda: para desfazê-la, cancele a venda no Histórico de Vendas.
      </p>
      <JustificationField
        value={text}
        error={error}
        onChange={(next) => {
          setText(next);
          setError(null);
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Voltar
        </Button>
        <Button variant="destructive" onClick={confirm} disabled={pending}>
          {pending ? 'Cancelando...' : 'Cancelar nota'}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
