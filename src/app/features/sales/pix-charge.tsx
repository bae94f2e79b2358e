// Pix at the till: the QR of a static BR Code for the amount (its txid derived from the
// sale's id), the 'Pix Copia e Cola' text with 'Copiar código Pix', and 'Pix recebido',
// the cashier's confirmation that finishes the sale. Drawn on the device from the store's
// settings (cached for offline use): no network, no payment provider. Without a key the
// cashier is told so and where an admin sets it.
import { useEffect, useMemo } from 'react';
import type { StoreSettings } from '../../../shared/contract/settings';
import { formatBRL } from '../../../shared/money';
import { BrCodeError, buildPixBrCode, pixTxid } from '../../../shared/pix/br-code';
import { qrSvg } from '../../../shared/pix/qr-svg';
import { Button } from '../../components/button';
import { toast, toastError } from '../../components/toast-store';
import { dismissItemAdded } from './item-added-toast';

export const NO_PIX_KEY =
  'Nenhuma chave Pix cadastrada: o QR Code não pode ser gerado. Um administrador cadastra a chave em Configurações > Geral > Pix no caixa.';

interface PixChargeProps {
  amount: number;
  saleId: string;
  settings: StoreSettings | undefined;
  /** 'Pix recebido': null when the sale cannot finish yet (the button is then disabled). */
  onConfirm: (() => void) | null;
  finishing: boolean;
}

/** The BR Code text, or the reason there is none. */
function brCodeOf(settings: StoreSettings | undefined, amount: number, saleId: string) {
  if (!settings?.pix_key) return { code: null, problem: NO_PIX_KEY };
  try {
    const code = buildPixBrCode({
      key: settings.pix_key,
      receiver_name: settings.pix_receiver_name,
      receiver_city: settings.pix_city,
      amount_cents: amount,
      txid: pixTxid(saleId),
    });
    return { code, problem: null };
  } catch (error) {
    return { code: null, problem: error instanceof BrCodeError ? error.message : NO_PIX_KEY };
  }
}

export function PixCharge({ amount, saleId, settings, onConfirm, finishing }: PixChargeProps) {
  const { code, problem } = useMemo(() => brCodeOf(settings, amount, saleId), [settings, amount, saleId]);
  const svg = useMemo(
    () => (code ? qrSvg(code, { label: `QR Code do Pix de ${formatBRL(amount)}` }) : null),
    [code, amount],
  );
  // The last item's notice would cover these buttons on a phone (item-added-toast.ts): gone
  // when the charge shows, and again when an item added meanwhile changes the amount.
  useEffect(() => dismissItemAdded(), [amount]);

  async function copy() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: 'Código Pix copiado', description: 'Cole o código no aplicativo do banco do cliente.' });
    } catch {
      toastError('Não foi possível copiar', 'Selecione o código Pix e copie manualmente.');
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="pix-charge">
      <p className="text-sm text-slate-700">
        Pix de <strong>{formatBRL(amount)}</strong>
      </p>
      {svg && code ? (
        <>
          <div
            data-testid="pix-qr"
            className="mx-auto w-full max-w-[14rem] bg-white"
            // The SVG is our own drawing of the code (qr-svg.ts), no outside markup.
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <textarea
            readOnly
            aria-label="Código Pix (Copia e Cola)"
            data-testid="pix-code"
            value={code}
            rows={3}
            className="w-full resize-none break-all rounded-md border border-slate-200 bg-white p-2 font-mono text-xs text-slate-700"
          />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            Copiar código Pix
          </Button>
        </>
      ) : (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {problem}
        </p>
      )}
      <Button type="button" onClick={onConfirm ?? undefined} disabled={!onConfirm || finishing}>
        {finishing ? 'Finalizando...' : 'Pix recebido'}
      </Button>
    </div>
  );
}
