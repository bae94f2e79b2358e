// 'Fechamento de Caixa' as CSV (lib/csv: the way Excel reads it in Brazil): the session,
// its figures per method, its movements, its sales and instalments received by method.
import type { CashSessionDetail } from '../../../shared/contract/cash-sessions';
import { tillOf } from './till-of';
import { PAYMENT_METHOD_LABELS } from '../../../shared/contract/sales';
import { csvMoney, type CsvRow } from '../../lib/csv';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('pt-BR') : '');
/** Money as the client holds it: centavos (the contract decodes the API's reais). */
const money = csvMoney;

export function caixaRows(s: CashSessionDetail): CsvRow[] {
  return [
    ['Fechamento de Caixa'],
    ['Dispositivo', tillOf(s) ?? ''],
    ['Operador', s.opened_by_name ?? ''],
    ['Abertura', when(s.opened_at)],
    ['Fechamento', when(s.closed_at)],
    ['Fundo de troco', money(s.opening_float)],
    [],
    ['Forma', 'Esperado', 'Contado', 'Diferença'],
    ...(s.figures ?? s.expected.map((e) => ({ method: e.method, expected: e.amount, counted: 0, difference: 0 }))).map(
      (f) => [PAYMENT_METHOD_LABELS[f.method], money(f.expected), money(f.counted), money(f.difference)],
    ),
    ['Diferença total', '', '', money(s.difference ?? 0)],
    ...(s.close_reason ? [['Motivo', s.close_reason]] : []),
    [],
    ['Movimentações'],
    ['Tipo', 'Valor', 'Motivo', 'Quando', 'Quem'],
    ...s.movements.map((m) => [
      m.kind === 'sangria' ? 'Sangria' : 'Suprimento',
      money(m.amount),
      m.reason,
      when(m.made_at),
      m.created_by_name ?? '',
    ]),
    [],
    ['Vendas por forma de pagamento'],
    ['Forma', 'Vendas', 'Valor'],
    ...s.sales_by_method.map((m) => [PAYMENT_METHOD_LABELS[m.method], m.count, money(m.amount)]),
    ...(s.installments_by_method.length > 0
      ? [
          [],
          ['Parcelas recebidas'],
          ['Forma', 'Recebimentos', 'Valor'],
          ...s.installments_by_method.map((m) => [PAYMENT_METHOD_LABELS[m.method], m.count, money(m.amount)]),
        ]
      : []),
  ];
}
