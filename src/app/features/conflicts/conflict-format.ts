// The texts of a conflict as an owner reads them (pt-BR, São Paulo time, BRL).
import { SAO_PAULO_OFFSET_MS } from '../../../shared/dates';
import { formatBRL } from '../../../shared/money';
import type { SaleConflict } from '../../../shared/contract/sale-conflicts';

/** '2021-03-01T15:00:00.000Z' => '01/03/2021 12:00' (São Paulo). */
export function formatDateTime(iso: string): string {
  const local = new Date(Date.parse(iso) - SAO_PAULO_OFFSET_MS).toISOString();
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
}

/** '#ABCD1234', as the cash book names sales. */
export function saleNumber(id: string): string {
  return `#${id.slice(0, 8).toUpperCase()}`;
}

/** What differs, one sentence per product (or the clock's). */
export function differences(c: SaleConflict): string[] {
  switch (c.kind) {
    case 'stock':
      return c.stock.map(
        (s) => `${s.product_name}: vendidas ${s.requested} unidades, havia ${s.available} em estoque no servidor`,
      );
    case 'price':
      return c.price.map(
        (p) =>
          `${p.product_name}: vendido a ${formatBRL(p.unit_price)}, preço no cadastro ${formatBRL(p.current_price)}`,
      );
    case 'clock':
      return [
        `O dispositivo informou ${c.claimed_sold_at ? formatDateTime(c.claimed_sold_at) : '-'}; a venda foi registrada no horário em que chegou, ${formatDateTime(c.received_at)}.`,
      ];
    case 'discount':
      return [
        `O caixa deu um desconto acima do limite da loja sem um administrador; a venda foi registrada como feita (total cobrado ${formatBRL(c.sale_total)}).`,
      ];
    case 'return_limit':
      return [
        'O caixa fez, sem internet, uma devolução desta venda acima do limite da loja; ela foi registrada como feita. Confira a devolução e o dinheiro devolvido.',
      ];
    case 'store_credit':
      return [
        'A venda usou, sem internet, mais vale-troca do que o cliente tinha; o saldo ficou em zero e a diferença não foi paga. Combine a diferença com o cliente.',
      ];
    case 'store_credit_payout':
      return [
        'O caixa devolveu em dinheiro, sem internet, mais vale-troca do que o cliente tinha (ou do que a devolução creditou); o saldo ficou em zero e a diferença saiu do caixa. Confira com o cliente.',
      ];
    case 'return_period':
      return [
        'O caixa fez, sem internet, uma devolução desta venda depois do prazo de troca da loja; ela foi registrada como feita. Confira a devolução com o cliente.',
      ];
    case 'cancel_reason':
      return [
        'A venda foi cancelada por um aparelho que enviou o cancelamento sem motivo. Pergunte a quem cancelou e anote o motivo.',
      ];
    case 'credit':
      return [
        `A venda no crediário passou do limite de crédito do cliente sem um administrador; ela foi registrada como feita (total ${formatBRL(c.sale_total)}).`,
      ];
    case 'cash_session':
      return [
        'Sem internet, esta venda (ou uma devolução, um vale-troca devolvido em dinheiro ou uma parcela recebida dela) entrou num caixa aberto por outra pessoa ou em outro aparelho. De outra pessoa, o dinheiro ficou nesse caixa; de outro aparelho, ficou fora de qualquer caixa. Confira o fechamento.',
      ];
  }
}

export function deviceText(c: SaleConflict): string {
  if (!c.device_label && !c.device_id) return 'Não informado';
  const id = c.device_id ? ` (${c.device_id.slice(0, 8)})` : '';
  return `${c.device_label ?? 'Dispositivo'}${id}`;
}
