// The cases of idempotency-every-route.test.ts: for each mutating route, a request that
// succeeds and another request for the same key (another body, or another id where the
// route takes no body), with the fixtures they need made without a key.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { todayIso } from '../../src/shared/dates';
import type { Db } from '../../src/server/db/client';
import type { api, Res } from '../../src/server/test/helpers';
import { nfeXml } from '../../src/server/test/nfe-xml';
import { makeCustomer, makeProduct, saleBody, type ProductFixture } from '../../src/server/test/sales-fixtures';

/** One request of a case: where it goes and what it carries. */
export interface Call {
  url: string;
  body?: unknown;
}

/** What a call answered, as the client reads it. */
export interface Answer {
  status: number;
  body: unknown;
  /** Idempotent-Replayed: true; null where the answer does not say (a sale inside a batch). */
  replayed: boolean | null;
}

export interface Case {
  call: Call;
  /** The same route under the same key with another request. */
  other: Call;
  /** How the key travels and where the answer is; default: the Idempotency-Key header, the whole response. */
  send?: (method: string, call: Call, key: string) => Promise<Answer>;
}

export interface CaseEnv {
  db: Db;
  http: ReturnType<typeof api>;
  admin: string;
  tenantId: string;
}

/** A case per route ('METHOD /url' as Fastify registered it). */
export function routeCases({ db, http, admin, tenantId }: CaseEnv): Record<string, () => Promise<Case>> {
  let seq = 0;
  const next = () => ++seq;
  const ok = async (res: Res | Promise<Res>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`fixture: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };

  // Fixtures, made without a key.
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
  const payable = () =>
    ok(
      http.post(
        '/api/accounts-payable',
        {
          supplier_name: 'Fornecedor',
          description: `Conta ${next()}`,
          amount: 10,
          due_date: todayIso(),
          category: 'Serviços',
        },
        { token: admin },
      ),
    );
  const receivable = () =>
    ok(
      http.post(
        '/api/accounts-receivable',
        { description: `Receber ${next()}`, amount: 10, due_date: todayIso() },
        { token: admin },
      ),
    );
  const cashEntry = () =>
    ok(
      http.post(
        '/api/cash-flow',
        { date: todayIso(), type: 'income', description: `Entrada ${next()}`, category: 'Vendas', amount: 5 },
        { token: admin },
      ),
    );
  const category = () => ok(http.post('/api/expense-categories', { name: `Categoria ${next()}` }, { token: admin }));
  const user = () =>
    ok(
      http.post(
        '/api/users',
        { name: 'Pessoa', email: `pessoa${next()}@demo.com`, role: 'user', password: 'segredo1' },
        { token: admin },
      ),
    );
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
    const session = await ok(
      http.post('/api/cash-sessions', { device_id: randomUUID(), opening_float: 50 }, { token: admin }),
    );
    const p = await product();
    await ok(
      http.post(
        '/api/sales',
        saleBody(await customerId(), [{ product: p, quantity: 1 }], { cash_session_id: session.id }),
        {
          token: admin,
        },
      ),
    );
    return session as { id: string };
  };
  const payableBody = (amount: number) => ({
    supplier_name: 'Fornecedor',
    description: 'Conta editada',
    amount,
    due_date: todayIso(),
    category: 'Serviços',
  });

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
    'DELETE /api/products/:id': async () => ({
      call: { url: `/api/products/${(await product()).id}` },
      other: { url: `/api/products/${(await product()).id}` },
    }),
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
    'PUT /api/sales/:id': async () => {
      const url = `/api/sales/${(await sale()).id}`;
      return { call: { url, body: { notes: 'Entregar sábado' } }, other: { url, body: { notes: 'Entregar domingo' } } };
    },
    'PUT /api/sales/:id/cancel': async () => ({
      call: { url: `/api/sales/${(await sale()).id}/cancel` },
      other: { url: `/api/sales/${(await sale()).id}/cancel` },
    }),
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
    'POST /api/users': async () => {
      const email = `idem${next()}@demo.com`;
      const body = (password: string) => ({ name: 'Caixa Novo', email, role: 'user', password });
      // Only the password differs: it is part of the request, though never stored as such.
      return {
        call: { url: '/api/users', body: body('segredo1') },
        other: { url: '/api/users', body: body('segredo2') },
      };
    },
    'PUT /api/users/:id': async () => {
      const u = await user();
      const body = (name: string) => ({ name, email: u.email, role: 'user', active: true });
      return {
        call: { url: `/api/users/${u.id}`, body: body('Ana') },
        other: { url: `/api/users/${u.id}`, body: body('Bia') },
      };
    },
    'DELETE /api/users/:id': async () => ({
      call: { url: `/api/users/${(await user()).id}` },
      other: { url: `/api/users/${(await user()).id}` },
    }),
    'PUT /api/company/me': async () => ({
      call: { url: '/api/company/me', body: { name: 'Loja Demo A' } },
      other: { url: '/api/company/me', body: { name: 'Loja Demo B' } },
    }),
    'PUT /api/company/:id': async () => ({
      call: { url: `/api/company/${tenantId}`, body: { name: 'Loja Demo C' } },
      other: { url: `/api/company/${tenantId}`, body: { name: 'Loja Demo D' } },
    }),
    'PUT /api/settings': async () => ({
      call: { url: '/api/settings', body: { cashiers_see_cost_price: false } },
      other: { url: '/api/settings', body: { cashiers_see_cost_price: true } },
    }),
    'POST /api/expense-categories': async () => ({
      call: { url: '/api/expense-categories', body: { name: `Nova ${next()}` } },
      other: { url: '/api/expense-categories', body: { name: `Nova ${next()}` } },
    }),
    'PUT /api/expense-categories/:id': async () => {
      const url = `/api/expense-categories/${(await category()).id}`;
      return { call: { url, body: { description: 'a' } }, other: { url, body: { description: 'b' } } };
    },
    'DELETE /api/expense-categories/:id': async () => ({
      call: { url: `/api/expense-categories/${(await category()).id}` },
      other: { url: `/api/expense-categories/${(await category()).id}` },
    }),
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
        return { xml, lines: [{ item_number: 1, new_product: { name: `Item ${n}`, sku: `IDEM-${n}` } }] };
      };
      return {
        call: { url: '/api/stock-entries', body: entry() },
        other: { url: '/api/stock-entries', body: entry() },
      };
    },
    'POST /api/accounts-payable': async () => ({
      call: { url: '/api/accounts-payable', body: payableBody(10) },
      other: { url: '/api/accounts-payable', body: payableBody(11) },
    }),
    'PUT /api/accounts-payable/:id': async () => {
      const url = `/api/accounts-payable/${(await payable()).id}`;
      return { call: { url, body: payableBody(20) }, other: { url, body: payableBody(21) } };
    },
    'DELETE /api/accounts-payable/:id': async () => ({
      call: { url: `/api/accounts-payable/${(await payable()).id}` },
      other: { url: `/api/accounts-payable/${(await payable()).id}` },
    }),
    'POST /api/accounts-payable/:id/mark-as-paid': async () => {
      const url = `/api/accounts-payable/${(await payable()).id}/mark-as-paid`;
      return {
        call: { url, body: { payment_date: todayIso() } },
        other: { url, body: { payment_date: '2026-01-02' } },
      };
    },
    'POST /api/accounts-payable/:id/cancel': async () => ({
      call: { url: `/api/accounts-payable/${(await payable()).id}/cancel` },
      other: { url: `/api/accounts-payable/${(await payable()).id}/cancel` },
    }),
    'POST /api/accounts-receivable': async () => ({
      call: { url: '/api/accounts-receivable', body: { description: 'Receber', amount: 10, due_date: todayIso() } },
      other: { url: '/api/accounts-receivable', body: { description: 'Receber', amount: 12, due_date: todayIso() } },
    }),
    'PUT /api/accounts-receivable/:id': async () => {
      const url = `/api/accounts-receivable/${(await receivable()).id}`;
      return { call: { url, body: { description: 'A' } }, other: { url, body: { description: 'B' } } };
    },
    'DELETE /api/accounts-receivable/:id': async () => ({
      call: { url: `/api/accounts-receivable/${(await receivable()).id}` },
      other: { url: `/api/accounts-receivable/${(await receivable()).id}` },
    }),
    'PATCH /api/accounts-receivable/:id/mark-as-paid': async () => {
      const url = `/api/accounts-receivable/${(await receivable()).id}/mark-as-paid`;
      return {
        call: { url, body: { payment_date: todayIso() } },
        other: { url, body: { payment_date: '2026-01-02' } },
      };
    },
    'POST /api/accounts-receivable/:id/receive': async () => {
      const url = `/api/accounts-receivable/${(await receivable()).id}/receive`;
      return {
        call: { url, body: { payment_method: 'pix' } },
        other: { url, body: { payment_method: 'cash' } },
      };
    },
    'PATCH /api/accounts-receivable/:id/cancel': async () => ({
      call: { url: `/api/accounts-receivable/${(await receivable()).id}/cancel` },
      other: { url: `/api/accounts-receivable/${(await receivable()).id}/cancel` },
    }),
    'POST /api/cash-flow': async () => {
      const body = (amount: number) => ({
        date: todayIso(),
        type: 'expense',
        description: 'Lanche',
        category: 'Serviços',
        amount,
      });
      return { call: { url: '/api/cash-flow', body: body(7) }, other: { url: '/api/cash-flow', body: body(8) } };
    },
    'POST /api/devices': async () => ({
      call: { url: '/api/devices', body: { id: randomUUID(), label: 'Caixa 1' } },
      other: { url: '/api/devices', body: { id: randomUUID(), label: 'Caixa 2' } },
    }),
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
    'PUT /api/cash-flow/:id': async () => {
      const url = `/api/cash-flow/${(await cashEntry()).id}`;
      return { call: { url, body: { description: 'A' } }, other: { url, body: { description: 'B' } } };
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
    'DELETE /api/cash-flow/:id': async () => ({
      call: { url: `/api/cash-flow/${(await cashEntry()).id}` },
      other: { url: `/api/cash-flow/${(await cashEntry()).id}` },
    }),
  };
}
