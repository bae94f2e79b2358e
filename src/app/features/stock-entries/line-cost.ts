// What a line's cost includes, as the preview shows it: the goods, then each amount the
// note adds on top (IPI, ICMS-ST, FCP-ST, freight, insurance, other expenses) or takes
// off (the discount), those that are not zero.
import type { NfeLineCost } from '../../../shared/contract/stock-entries';
import { formatBRL } from '../../../shared/money';

const PARTS: readonly [Exclude<keyof NfeLineCost, 'goods' | 'total'>, string][] = [
  ['ipi', 'IPI'],
  ['icms_st', 'ICMS-ST'],
  ['fcp_st', 'FCP-ST'],
  ['freight', 'Frete'],
  ['insurance', 'Seguro'],
  ['other', 'Outras despesas'],
  ['discount', 'Desconto'],
];

/** 'Produtos R$ 52,56', '+ ICMS-ST R$ 5,48', '− Desconto R$ 2,46'; only the goods when nothing else. */
export function costParts(cost: NfeLineCost): string[] {
  const parts = PARTS.filter(([key]) => cost[key] !== 0).map(
    ([key, label]) => `${key === 'discount' ? '−' : '+'} ${label} ${formatBRL(cost[key])}`,
  );
  return [`Produtos ${formatBRL(cost.goods)}`, ...parts];
}

/** True when the note adds to (or takes from) the line's goods. */
export const hasExtras = (cost: NfeLineCost) => PARTS.some(([key]) => cost[key] !== 0);
