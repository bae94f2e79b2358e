// Fechar Caixa, blind: the cashier types the cash counted and the totals of card slips,
// Pix and transfers without seeing what the system expects; then the dialog shows the
// expected, counted and difference per method. A difference beyond the store's tolerance
// needs a written reason. Once closed, 'Concluir' leaves the device with no session.
import { useState } from 'react';
import { CASH_COUNT_METHODS, CLOSE_REASON_REQUIRED, type CountMethod } from '../../../shared/caixa';
import { CASH_CLOSE_TOLERANCE_DEFAULT } from '../../../shared/contract/settings';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { formatBRL } from '../../../shared/money';
import { Button } from '../../components/button';
import { CaixaFiguresHead, CloseEntries } from '../../components/caixa-figures';
import { cn } from '../../components/cn';
import { Dialog } from '../../components/dialog';
import { FieldFrame, TextAreaField } from '../../components/field';
import { MoneyInput } from '../../components/money-input';
import { toastError } from '../../components/toast-store';
import { useStoreSettings } from '../../lib/store-settings';
import type { LocalCashSession } from '../../counter/caixa-session';
import { CloseReasonRequired } from '../../counter/caixa-close';
import { useCaixaActions } from '../../counter/caixa-hooks';

const COUNT_LABELS: Record<CountMethod, string> = {
  ...PAYMENT_METHOD_LABELS,
  cash: 'Dinheiro contado',
};

export function CaixaCloseDialog({ session, onDone }: { session: LocalCashSession; onDone: () => void }) {
  const actions = useCaixaActions();
  const settings = useStoreSettings();
  const tolerance = settings.data?.cash_close_tolerance ?? CASH_CLOSE_TOLERANCE_DEFAULT;
  const [counted, setCounted] = useState<Partial<Record<CountMethod, number | null>>>({});
  const [reason, setReason] = useState('');
  const [needsReason, setNeedsReason] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = CASH_COUNT_METHODS.every((m) => counted[m] !== null) && counted.cash != null;

  const close = async () => {
    setBusy(true);
    try {
      const sent = Object.fromEntries(CASH_COUNT_METHODS.map((m) => [m, counted[m] ?? 0]));
      await actions.close(sent, reason.trim() || null, tolerance);
    } catch (error) {
      if (error instanceof CloseReasonRequired) setNeedsReason(true);
      else toastError('Erro ao fechar o caixa', (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (session.status === 'closed' && session.figures) {
    return (
      <Dialog
        open
        onClose={onDone}
        title="Fechamento de Caixa"
        description="Esperado, contado e diferença por forma de pagamento."
      >
        <table className="w-full text-sm" data-testid="caixa-fechamento">
          <CaixaFiguresHead cell="py-1" />
          <tbody>
            {session.figures.map((f) => (
              <tr key={f.method} className="border-t border-slate-100">
                <td className="py-1.5">{PAYMENT_METHOD_LABELS[f.method]}</td>
                <td className="py-1.5 text-right tabular-nums">{formatBRL(f.expected)}</td>
                <td className="py-1.5 text-right tabular-nums">{formatBRL(f.counted)}</td>
                <td className={cn('py-1.5 text-right tabular-nums', differenceColor(f.difference))}>
                  {formatBRL(f.difference)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-300 font-semibold">
              <td className="py-1.5" colSpan={3}>
                Diferença total
              </td>
              <td className={cn('py-1.5 text-right tabular-nums', differenceColor(session.difference!))}>
                {formatBRL(session.difference!)}
              </td>
            </tr>
          </tfoot>
        </table>
        <CloseEntries figures={session.figures} />
        {session.closeReason ? <p className="mt-3 text-sm text-slate-600">Motivo: {session.closeReason}</p> : null}
        <div className="mt-4 flex justify-end">
          <Button onClick={onDone}>Concluir</Button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onDone}
      title="Fechar Caixa"
      description="Conte o dinheiro da gaveta e some os comprovantes de cada forma de pagamento."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {CASH_COUNT_METHODS.map((method) => (
          <FieldFrame key={method} id={`caixa-contado-${method}`} label={COUNT_LABELS[method]}>
            <MoneyInput
              id={`caixa-contado-${method}`}
              value={counted[method] ?? (method === 'cash' ? null : 0)}
              onChange={(c) => setCounted((prev) => ({ ...prev, [method]: c }))}
              {...(method === 'cash' ? { 'data-autofocus': true } : {})}
            />
          </FieldFrame>
        ))}
      </div>
      <TextAreaField
        className="mt-3"
        label="Observação"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        error={needsReason && !reason.trim() ? CLOSE_REASON_REQUIRED : undefined}
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button onClick={() => void close()} disabled={!valid || busy}>
          Confirmar fechamento
        </Button>
      </div>
    </Dialog>
  );
}

const differenceColor = (centavos: number) =>
  centavos < 0 ? 'text-red-600' : centavos > 0 ? 'text-emerald-700' : 'text-slate-700';
