// The idempotency cases of the counter and the stock: products, customers, sales (one, a
// batch, their items, cancel, returns, vale-troca paid out), conflicts, devices, till
// sessions, stock entries and counts; with the fixtures they need, made without a key.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  atTill,
  makeCustomer,
  makeProduct,
  saleBody,
  tillOpening,
  type ProductFixture,
} from '../../src/server/test/sales-fixtures';
import { nfeXml } from '../../src/server/test/nfe-xml';
import type { CaseKit, RouteCases } from './idempotency-fixtures';

export function counterCases({ db, http, admin, tenantId, next, ok, onTwo, twoBodies }: CaseKit): RouteCases {
  const product = (stock = 20): Promise<ProductFixture> => makeProduct(db, tenantId, { stock });
  const customerId = async () => (await makeCustomer(db, tenantId)).id;
  /** No stock count open (a store has one open at most). */
  const closeOpenCounts = async () => {
    const list = await ok(http.get('/api/stock-counts?limit=100', { token: admin }));
    for (const c of list.counts as { id: string; status: string }[]) {
      if (c.status === 'open') await ok(http.post(`/api/stock-counts/${c.id}/cancel`, undefined, { token: admin }));
    }
  };
  const stockCount = async () => {
    await closeOpenCounts();
    return ok(http.post('/api/stock-counts', {}, { token: admin }));
  };
  const sale = async (lines = 1) => {
    const p = await product();
    const items = Array.from({ length: lines }, () => ({ product: p, quantity: 1 }));
    return ok(http.post('/api/sales', saleBody(await customerId(), items), { token: admin }));
  };
  /** Two conflicts (price and clock) of one sale made offline. */
  const conflicts = async (): Promise<string[]> => {
    const p = await product();
    const made = await ok(
      http.post(
        '/api/sales',
        saleBody(await customerId(), [{ product: p, quantity: 1, unitPrice: 1 }], {
          offline: true,
          sold_at: '2021-03-01T15:00:00.000Z',
        }),
        { token: admin },
      ),
    );
    const list = await ok(http.get('/api/sale-conflicts?limit=200', { token: admin }));
    return list.conflicts.filter((c: { sale_id: string }) => c.sale_id === made.id).map((c: { id: string }) => c.id);
  };
  /** A till session open on a device of its own, with a sale of R$ 39,90 in cash. */
  const cashSession = async () => {
    const session = await ok(http.post('/api/cash-sessions', tillOpening({ opening_float: 50 }), { token: admin }));
    const p = await product();
    await ok(
      http.post('/api/sales', saleBody(await customerId(), [{ product: p, quantity: 1 }], atTill(session.id)), {
        token: admin,
      }),
    );
    return session as { id: string };
  };

  return {
    'POST /api/products': async () => {
      const n = next();
      return {
        call: { url: '/api/products', body: { sku: `IDEM-${n}`, name: 'Blusa' } },
        other: { url: '/api/products', body: { sku: `IDEM-${n}-B`, name: 'Blusa' } },
      };
    },
    'PUT /api/products/:id': async () => {
      const { id } = await product();
      return {
        call: { url: `/api/products/${id}`, body: { name: 'Blusa A' } },
        other: { url: `/api/products/${id}`, body: { name: 'Blusa B' } },
      };
    },
    'DELETE /api/products/:id': () => onTwo(product, (id) => `/api/products/${id}`),
    'POST /api/customers': async () => ({
      call: { url: '/api/customers', body: { name: 'Ana' } },
      other: { url: '/api/customers', body: { name: 'Bia' } },
    }),
    'PUT /api/customers/:id': async () => {
      const id = await customerId();
      return {
        call: { url: `/api/customers/${id}`, body: { name: 'Ana' } },
        other: { url: `/api/customers/${id}`, body: { name: 'Bia' } },
      };
    },
    'DELETE /api/customers/:id': async () => ({
      call: { url: `/api/customers/${await customerId()}` },
      other: { url: `/api/customers/${await customerId()}` },
    }),
    'POST /api/sales': async () => {
      const [p, c] = [await product(), await customerId()];
      return {
        call: { url: '/api/sales', body: saleBody(c, [{ product: p, quantity: 1 }]) },
        other: { url: '/api/sales', body: saleBody(c, [{ product: p, quantity: 2 }]) },
      };
    },
    // The batch carries one key per sale, in the body; each sale answers in its own result.
    'POST /api/sales/batch': async () => {
      const [p, c] = [await product(), await customerId()];
      const one = (quantity: number) => saleBody(c, [{ product: p, quantity }], { offline: true });
      return {
        call: { url: '/api/sales/batch', body: one(1) },
        other: { url: '/api/sales/batch', body: one(2) },
        send: async (_method, call, key) => {
          const res = await http.post(call.url, { sales: [{ key, body: call.body }] }, { token: admin });
          expect(res.status).toBe(200);
          const [result] = res.body.data.results;
          return { status: result.status, body: result.body, replayed: null };
        },
      };
    },
    'POST /api/sales/items': async () => {
      const [s, p] = [await sale(), await product()];
      const add = (quantity: number) => ({
        url: '/api/sales/items',
        body: { sale_id: s.id, product_id: p.id, quantity },
      });
      return { call: add(1), other: add(2) };
    },
    'PUT /api/sales/items/:itemId': async () => {
      const s = await sale();
      const url = `/api/sales/items/${s.items[0].id}`;
      return { call: { url, body: { quantity: 2 } }, other: { url, body: { quantity: 3 } } };
    },
    'DELETE /api/sales/:saleId/items/:itemId': async () => {
      const s = await sale(2);
      const url = (i: number) => `/api/sales/${s.id}/items/${s.items[i].id}`;
      return { call: { url: url(0) }, other: { url: url(1) } };
    },
    'PUT /api/sales/:id': async () =>
      twoBodies(`/api/sales/${(await sale()).id}`, { notes: 'Entregar sábado' }, { notes: 'Entregar domingo' }),
    'PUT /api/sales/:id/cancel': async () => {
      const [a, b] = [(await sale()).id, (await sale()).id];
      const body = { reason: 'Cliente desistiu' };
      return { call: { url: `/api/sales/${a}/cancel`, body }, other: { url: `/api/sales/${b}/cancel`, body } };
    },
    'POST /api/sales/:id/returns': async () => {
      const s = await sale();
      const give = (quantity: number, reason: string) => ({
        url: `/api/sales/${s.id}/returns`,
        body: { lines: [{ position: 0, quantity }], reason, refund_method: 'dinheiro' },
      });
      return { call: give(1, 'Defeito'), other: give(1, 'Tamanho errado') };
    },
    'POST /api/customers/:id/store-credit/payout': async () => {
      const s = await sale();
      const back = await ok(
        http.post(
          `/api/sales/${s.id}/returns`,
          { lines: [{ position: 0, quantity: 1 }], reason: 'Troca', refund_method: 'vale_troca' },
          { token: admin },
        ),
      );
      const pay = (amount: number) => ({
        url: `/api/customers/${s.customer_id}/store-credit/payout`,
        body: { amount, return_id: back.id },
      });
      return { call: pay(1), other: pay(2) };
    },
    'POST /api/sale-conflicts/:id/review': async () => {
      const [a, b] = await conflicts();
      return { call: { url: `/api/sale-conflicts/${a}/review` }, other: { url: `/api/sale-conflicts/${b}/review` } };
    },
    'POST /api/stock-entries': async () => {
      // A supplier's note addressed to the demo store, its one line entering as a new product.
      const entry = () => {
        const n = next();
        const lines = [
          {
            code: `IDEM-${n}`,
            description: `ITEM ${n}`,
            quantity: '2.0000',
            unit_cost: '3.0000000000',
            total_cents: 600,
          },
        ];
        const { xml } = nfeXml({ number: 9000 + n, recipient_cnpj: '11222333000181', lines });
        return {
          xml,
          lines: [{ item_number: 1, new_product: { name: `Item ${n}`, sku: `IDEM-${n}` } }],
          payment: { kind: 'due', due_date: '2030-01-10' },
        };
      };
      return {
        call: { url: '/api/stock-entries', body: entry() },
        other: { url: '/api/stock-entries', body: entry() },
      };
    },
    'POST /api/devices': async () => ({
      call: { url: '/api/devices', body: { id: randomUUID(), label: 'Caixa 1' } },
      other: { url: '/api/devices', body: { id: randomUUID(), label: 'Caixa 2' } },
    }),
    'PUT /api/devices/:id': async () => {
      const n = next();
      const id = randomUUID();
      await ok(http.post('/api/devices', { id, label: `Tablet ${n}` }, { token: admin }));
      return {
        call: { url: `/api/devices/${id}`, body: { name: `Balcão ${n}` } },
        other: { url: `/api/devices/${id}`, body: { name: `Balcão ${n}-B` } },
      };
    },
    'POST /api/cash-sessions': async () => ({
      call: { url: '/api/cash-sessions', body: { device_id: randomUUID(), opening_float: 100 } },
      other: { url: '/api/cash-sessions', body: { device_id: randomUUID(), opening_float: 101 } },
    }),
    'POST /api/cash-sessions/:id/movements': async () => {
      const url = `/api/cash-sessions/${(await cashSession()).id}/movements`;
      return {
        call: { url, body: { kind: 'sangria', amount: 20, reason: 'Cofre' } },
        other: { url, body: { kind: 'suprimento', amount: 20, reason: 'Troco' } },
      };
    },
    'POST /api/cash-sessions/:id/close': async () => {
      const url = `/api/cash-sessions/${(await cashSession()).id}/close`;
      return {
        call: { url, body: { counted: { cash: 89.9 } } },
        other: { url, body: { counted: { cash: 88.9 } } },
      };
    },
    'POST /api/stock-counts': async () => {
      await closeOpenCounts();
      return {
        call: { url: '/api/stock-counts', body: { search: 'a' } },
        other: { url: '/api/stock-counts', body: { search: 'b' } },
      };
    },
    'PUT /api/stock-counts/:id/lines/:productId': async () => {
      const p = await product();
      const url = `/api/stock-counts/${(await stockCount()).id}/lines/${p.id}`;
      return { call: { url, body: { counted: 3 } }, other: { url, body: { counted: 4 } } };
    },
    'POST /api/stock-counts/:id/confirm': async () => ({
      call: { url: `/api/stock-counts/${(await stockCount()).id}/confirm` },
      other: { url: `/api/stock-counts/${randomUUID()}/confirm` },
    }),
    'POST /api/stock-counts/:id/cancel': async () => ({
      call: { url: `/api/stock-counts/${(await stockCount()).id}/cancel` },
      other: { url: `/api/stock-counts/${randomUUID()}/cancel` },
    }),
  };
}
