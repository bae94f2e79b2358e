// The till and the server agree on the crediário plan: the sale the till builds, decoded as
// the server decodes it, gives receivables whose amounts are exactly the parts the screen
// lists, and the plan's text (summary and toast) names parts that add up to the financed
// amount, for every plan from 1 to 12 parts and random totals and entradas.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildSale } from '../../src/app/features/sales/build-sale';
import { installmentAmounts, installmentText, successMessage } from '../../src/app/features/sales/cart';
import type { SaleFormState } from '../../src/app/features/sales/use-sale-form';
import { paymentEffectRows } from '../../src/server/sales/records/sale-effects';
import type { SaleRow } from '../../src/server/db/schema';
import { SaleCreateSchema } from '../../src/shared/contract/sales';
import { CREDIARIO_MAX_INSTALLMENTS } from '../../src/shared/constants';
import { addDays } from '../../src/shared/dates';
import { parseMoneyInput } from '../../src/shared/money';

const CUSTOMER = { id: '00000000-0000-4000-8000-000000000001', name: 'Maria' };
const PRODUCT = '00000000-0000-4000-8000-000000000002';

/** '5x R$ 113,22 + 1x R$ 113,25' => [113.22 x5, 113.25 x1] in centavos. */
function partsOfText(text: string): { count: number; amount: number }[] {
  return text.split(' + ').map((run) => {
    const match = /^(\d+)x (?:de )?(R\$ [\d.,]+)$/.exec(run);
    if (!match) throw new Error(`texto inesperado: ${run}`);
    return { count: Number(match[1]), amount: parseMoneyInput(match[2]!)! };
  });
}

describe('crediário plan: till and server', () => {
  it('the parts the till shows are the receivables the server writes, and they add up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 1, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, unitPrice, quantity, entradaShare) => {
          const total = unitPrice * quantity;
          const entrada = Math.floor(total * entradaShare);
          const financed = total - entrada;
          const today = '2026-11-23';
          const form: SaleFormState = {
            customer: CUSTOMER,
            lines: [{ product_id: PRODUCT, product_name: 'Camiseta', sku: 'C1', quantity, unit_price: unitPrice }],
            paymentMethod: 'crediario',
            installments: count,
            dueDates: Array.from({ length: count }, (_, i) => addDays(today, 30 * (i + 1))),
            entradaOn: entrada > 0,
            entradaText: '',
          };
          // The contract allows up to CREDIARIO_MAX_INSTALLMENTS parts: within it, the sale the
          // till builds and sends (encoded as it is sent), decoded as the server decodes it; beyond it, the same plan
          // handed to the server's function directly.
          const within = count <= CREDIARIO_MAX_INSTALLMENTS;
          const built = within
            ? buildSale(form, entrada, { id: crypto.randomUUID(), now: Date.now(), number: '123456' })
            : null;
          const crediario = built
            ? SaleCreateSchema.parse(z.encode(SaleCreateSchema, built.body)).crediario
            : { entrada, parcelas: count, vencimentos: form.dueDates };
          const row = {
            tenantId: '00000000-0000-4000-8000-0000000000aa',
            id: '00000000-0000-4000-8000-0000000000bb',
            customerId: CUSTOMER.id,
            customerName: CUSTOMER.name,
            total,
            paymentMethod: 'crediario',
            crediario,
            soldAt: new Date(),
          } as unknown as SaleRow;
          const server = paymentEffectRows(row);

          const shown = installmentAmounts(total, entrada, count);
          expect(shown).toHaveLength(count);
          expect(shown.reduce((a, b) => a + b, 0)).toBe(financed);
          expect(server.receivables.map((r) => r.amount)).toEqual(shown.filter((a) => a > 0));
          expect(server.cash.reduce((a, c) => a + c.amount, 0)).toBe(entrada);

          const text = installmentText(total, entrada, count);
          const runs = partsOfText(text);
          expect(runs.reduce((a, r) => a + r.count * r.amount, 0)).toBe(financed);
          if (financed >= count) expect(runs.reduce((a, r) => a + r.count, 0)).toBe(count);
          const message = successMessage({
            customerName: CUSTOMER.name,
            total,
            paymentMethod: 'crediario',
            entrada,
            installments: count,
          });
          expect(message).toContain(text);
          if (built) expect(built.message).toBe(message);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('says so when the parts differ', () => {
    expect(installmentText(67935, 0, 6)).toBe('5x R$ 113,22 + 1x R$ 113,25');
    expect(installmentText(30000, 0, 2)).toBe('2x de R$ 150,00');
    expect(installmentAmounts(67935, 0, 6)).toEqual([11322, 11322, 11322, 11322, 11322, 11325]);
  });
});
