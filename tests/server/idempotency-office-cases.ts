// The idempotency cases of the back office: users, the company, settings, expense
// categories, accounts payable and receivable and the cash flow; with the fixtures they
// need, made without a key.
import { todayIso } from '../../src/shared/dates';
import type { CaseKit, RouteCases } from './idempotency-fixtures';

export function officeCases({ http, admin, tenantId, next, ok, onTwo, twoBodies }: CaseKit): RouteCases {
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
  const payableBody = (amount: number) => ({
    supplier_name: 'Fornecedor',
    description: 'Conta editada',
    amount,
    due_date: todayIso(),
    category: 'Serviços',
  });

  /** Marks an account paid today, and on another day under the same key. */
  const paidOn = (url: string) => ({
    call: { url, body: { payment_date: todayIso() } },
    other: { url, body: { payment_date: '2026-01-02' } },
  });

  return {
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
    'DELETE /api/users/:id': () => onTwo(user, (id) => `/api/users/${id}`),
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
    'PUT /api/expense-categories/:id': async () =>
      twoBodies(`/api/expense-categories/${(await category()).id}`, { description: 'a' }, { description: 'b' }),
    'DELETE /api/expense-categories/:id': () => onTwo(category, (id) => `/api/expense-categories/${id}`),
    'POST /api/accounts-payable': async () => ({
      call: { url: '/api/accounts-payable', body: payableBody(10) },
      other: { url: '/api/accounts-payable', body: payableBody(11) },
    }),
    'PUT /api/accounts-payable/:id': async () => {
      const url = `/api/accounts-payable/${(await payable()).id}`;
      return { call: { url, body: payableBody(20) }, other: { url, body: payableBody(21) } };
    },
    'DELETE /api/accounts-payable/:id': () => onTwo(payable, (id) => `/api/accounts-payable/${id}`),
    'POST /api/accounts-payable/:id/mark-as-paid': async () =>
      paidOn(`/api/accounts-payable/${(await payable()).id}/mark-as-paid`),
    'POST /api/accounts-payable/:id/cancel': () => onTwo(payable, (id) => `/api/accounts-payable/${id}/cancel`),
    'POST /api/accounts-receivable': async () => ({
      call: { url: '/api/accounts-receivable', body: { description: 'Receber', amount: 10, due_date: todayIso() } },
      other: { url: '/api/accounts-receivable', body: { description: 'Receber', amount: 12, due_date: todayIso() } },
    }),
    'PUT /api/accounts-receivable/:id': async () =>
      twoBodies(`/api/accounts-receivable/${(await receivable()).id}`, { description: 'A' }, { description: 'B' }),
    'DELETE /api/accounts-receivable/:id': () => onTwo(receivable, (id) => `/api/accounts-receivable/${id}`),
    'PATCH /api/accounts-receivable/:id/mark-as-paid': async () =>
      paidOn(`/api/accounts-receivable/${(await receivable()).id}/mark-as-paid`),
    'POST /api/accounts-receivable/:id/receive': async () => {
      const url = `/api/accounts-receivable/${(await receivable()).id}/receive`;
      return {
        call: { url, body: { payment_method: 'pix' } },
        other: { url, body: { payment_method: 'cash' } },
      };
    },
    'PATCH /api/accounts-receivable/:id/cancel': () =>
      onTwo(receivable, (id) => `/api/accounts-receivable/${id}/cancel`),
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
    'PUT /api/cash-flow/:id': async () =>
      twoBodies(`/api/cash-flow/${(await cashEntry()).id}`, { description: 'A' }, { description: 'B' }),
    'DELETE /api/cash-flow/:id': () => onTwo(cashEntry, (id) => `/api/cash-flow/${id}`),
    // The file is the raw body: another file under the same key is another request.
    'POST /api/imports/:kind': async () => {
      const sheet = (name: string) => Buffer.from(`Código;Produto\r\nIDEM-${next()};${name}\r\n`);
      return twoBodies('/api/imports/products?file_name=idem.csv', sheet('Um'), sheet('Outro'));
    },
  };
}
