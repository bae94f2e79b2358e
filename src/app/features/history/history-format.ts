// How the history writes a sale: its time (dd/MM/yyyy HH:mm, São Paulo), how it was paid
// (the parts of a split, a crediário's plan), its status and its items.
import { methodLabel, type Sale } from '../../../shared/contract/sales';
import { SAO_PAULO_OFFSET_MS } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';

const two = (n: number) => String(n).padStart(2, '0');

/** '25/11/2026 14:05' (São Paulo time). */
export function saleWhen(at: string | number): string {
  const d = new Date((typeof at === 'number' ? at : Date.parse(at)) - SAO_PAULO_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export { methodLabel };

/** 'PIX', 'Dinheiro R$ 5,00 + Cartão de Débito R$ 15,00', 'Crediário 3x (entrada R$ 10,00)'. */
export function paymentText(sale: Pick<Sale, 'payment_method' | 'payments' | 'crediario'>): string {
  if (sale.payment_method === 'crediario' && sale.crediario) {
    const entrada = sale.crediario.entrada > 0 ? ` (entrada ${formatBRL(sale.crediario.entrada)})` : '';
    return `Crediário ${sale.crediario.parcelas}x${entrada}`;
  }
  if (sale.payments.length > 1)
    return sale.payments.map((p) => `${methodLabel(p.method)} ${formatBRL(p.amount)}`).join(' + ');
  return methodLabel(sale.payment_method);
}

/** '3 itens', '1 item'. */
export function itemsText(quantities: readonly number[]): string {
  const n = quantities.reduce((a, b) => a + b, 0);
  return `${n} ${n === 1 ? 'item' : 'itens'}`;
}

export const STATUS_LABELS = { completed: 'Concluída', cancelled: 'Cancelada' } as const;
export const OUTBOX_LABEL = 'Aguardando envio';
