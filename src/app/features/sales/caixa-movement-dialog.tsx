// Sangria (cash taken out, e.g. to the safe) or Suprimento (cash put in), with amount and
// reason: a movement of the open session, never an entry of the cash book.
import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FieldFrame, TextField } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { useCaixaActions } from '../../counter/caixa-hooks';
import { formatBRL } from '../../../shared/money';

const TITLES = { sangria: 'Sangria', suprimento: 'Suprimento' } as const;

export function CaixaMovementDialog({ kind, onClose }: { kind: 'sangria' | 'suprimento'; onClose: () => void }) {
  const actions = useCaixaActions();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = amount !== null && amount > 0 && reason.trim() !== '';
  const save = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      await actions.move(kind, amount, reason.trim());
      toast({ title: `${TITLES[kind]} registrada`, description: `${formatBRL(amount)} · ${reason.trim()}` });
      onClose();
    } catch (error) {
      toastError(`Erro ao registrar ${TITLES[kind].toLowerCase()}`, (error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={TITLES[kind]}
      description={kind === 'sangria' ? 'Dinheiro retirado do caixa.' : 'Dinheiro colocado no caixa.'}
      size="sm"
    >
      <div className="space-y-4">
        <FieldFrame id="caixa-mov-valor" label="Valor" required>
          <MoneyInput id="caixa-mov-valor" value={amount} onChange={(c) => setAmount(c)} data-autofocus />
        </FieldFrame>
        <TextField label="Motivo" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} disabled={!valid || busy}>
            Registrar
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
