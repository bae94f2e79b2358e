// The permission matrix's rows of the back office's money screens and reports, and of
// stock entries and counts (spec §6): what a cashier and an admin get on each route.
import { CASHIERS_MAY_NOT_RECEIVE } from '../finance/receivable-receipts';
import {
  a1Body,
  contingencyNoteBody,
  entryBody,
  importSheet,
  nfeBody,
  payableBody,
  receivableBody,
  saleFixture,
  tillKeyRegisterBody,
  type Row,
} from './permission-fixtures';

/** A note no store has. */
const NO_NOTE = '00000000-0000-4000-8000-000000000000';

export const BACK_OFFICE_ROWS: Row[] = [
  { route: 'GET /api/accounts-payable', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/statistics', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/overdue', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-payable/:id', id: 'payable', cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable', body: () => payableBody(), cashier: 403, admin: 201 },
  { route: 'PUT /api/accounts-payable/:id', id: 'payable', body: () => payableBody(), cashier: 403, admin: 200 },
  { route: 'DELETE /api/accounts-payable/:id', id: 'payable', cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable/:id/mark-as-paid', id: 'payable', body: () => ({}), cashier: 403, admin: 200 },
  { route: 'POST /api/accounts-payable/:id/cancel', id: 'payable', cashier: 403, admin: 200 },
  { route: 'GET /api/accounts-receivable', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/statistics', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/overdue', cashier: 200, admin: 200 },
  { route: 'GET /api/accounts-receivable/:id', id: 'receivable', cashier: 200, admin: 200 },
  { route: 'POST /api/accounts-receivable', body: () => receivableBody(), cashier: 403, admin: 201 },
  {
    route: 'PUT /api/accounts-receivable/:id',
    id: 'receivable',
    body: () => ({ notes: 'Matriz' }),
    cashier: 403,
    admin: 200,
  },
  { route: 'DELETE /api/accounts-receivable/:id', id: 'receivable', cashier: 403, admin: 200 },
  {
    route: 'PATCH /api/accounts-receivable/:id/mark-as-paid',
    id: 'receivable',
    body: () => ({}),
    cashier: 403,
    admin: 200,
  },
  { route: 'PATCH /api/accounts-receivable/:id/cancel', id: 'receivable', cashier: 403, admin: 200 },
  // Cashiers receive instalments only when Configurações allows it (off by default).
  {
    route: 'POST /api/accounts-receivable/:id/receive',
    id: 'receivable',
    body: () => ({ payment_method: 'cash' }),
    cashier: 403,
    admin: 200,
    denied: CASHIERS_MAY_NOT_RECEIVE,
  },
  { route: 'GET /api/cash-flow', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/statistics', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/chart', cashier: 200, admin: 200 },
  { route: 'GET /api/cash-flow/:id', id: 'entry', cashier: 200, admin: 200 },
  { route: 'POST /api/cash-flow', body: () => entryBody(), cashier: 403, admin: 201 },
  { route: 'PUT /api/cash-flow/:id', id: 'entry', body: () => ({ amount: 12.5 }), cashier: 403, admin: 200 },
  { route: 'DELETE /api/cash-flow/:id', id: 'entry', cashier: 403, admin: 200 },
  { route: 'GET /api/dashboard/metrics', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/sales-chart', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/cash-flow-chart', cashier: 200, admin: 200 },
  { route: 'GET /api/dashboard/alerts', cashier: 200, admin: 200 },
  { route: 'GET /api/financial-reports/dre', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/balance-sheet', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/profitability', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/margin-analysis', cashier: 403, admin: 200 },
  { route: 'GET /api/financial-reports/summary', cashier: 403, admin: 200 },
  { route: 'GET /api/stock-entries', cashier: 403, admin: 200 },
  { route: 'POST /api/stock-entries/nfe/preview', body: () => ({ xml: nfeBody().xml }), cashier: 403, admin: 200 },
  { route: 'POST /api/stock-entries', body: nfeBody, cashier: 403, admin: 201 },
  { route: 'GET /api/imports', cashier: 403, admin: 200 },
  {
    route: 'POST /api/imports/:kind/preview',
    url: async () => '/api/imports/products/preview',
    body: () => importSheet(),
    cashier: 403,
    admin: 200,
  },
  {
    route: 'POST /api/imports/:kind',
    url: async () => '/api/imports/products',
    body: () => importSheet(),
    cashier: 403,
    admin: 201,
  },
  { route: 'GET /api/fiscal/settings', cashier: 403, admin: 200 },
  { route: 'PUT /api/fiscal/settings', body: () => ({ crt: 1 }), cashier: 403, admin: 200 },
  { route: 'POST /api/fiscal/certificate', body: a1Body, cashier: 403, admin: 200 },
  { route: 'GET /api/fiscal/ibpt', cashier: 403, admin: 200 },
  // A file that is not IBPT's layout: the admin is refused with the reason, the cashier before that.
  { route: 'POST /api/fiscal/ibpt', body: () => ({ file_base64: Buffer.from('a;b\n1;2\n').toString('base64'), file_name: 'tabela.csv' }), cashier: 403, admin: 400 }, // prettier-ignore
  {
    route: 'GET /api/fiscal/till/:id',
    url: async () => `/api/fiscal/till/${await saleFixture.newDevice!()}`,
    cashier: 200,
    admin: 200,
  },
  { route: 'GET /api/fiscal/till-keys', cashier: 403, admin: 200 },
  { route: 'POST /api/fiscal/till-keys', body: tillKeyRegisterBody, cashier: 403, admin: 201 },
  {
    route: 'POST /api/fiscal/till-keys/:id/revoke',
    url: async () => `/api/fiscal/till-keys/${await saleFixture.newTillKey!()}/revoke`,
    cashier: 403,
    admin: 200,
  },
  // Any signed-in user sends the till's contingency note; this one is not a signed NFC-e: 400 with the reason.
  { route: 'POST /api/fiscal/contingency-notes', body: contingencyNoteBody, cashier: 400, admin: 400 },
  { route: 'GET /api/fiscal/notes', cashier: 403, admin: 200 },
  // The answer is a ZIP, not the JSON envelope: the admin's row asks a month that does not exist.
  { route: 'GET /api/fiscal/notes/export', url: async () => '/api/fiscal/notes/export?month=2026-13', cashier: 403, admin: 400 }, // prettier-ignore
  { route: 'GET /api/fiscal/notes/:id', url: async () => `/api/fiscal/notes/${NO_NOTE}`, cashier: 403, admin: 404 },
  { route: 'POST /api/fiscal/notes/:id/cancel', url: async () => `/api/fiscal/notes/${NO_NOTE}/cancel`, body: () => ({ justification: 'Cliente desistiu da compra' }), cashier: 403, admin: 404 }, // prettier-ignore
  { route: 'POST /api/fiscal/notes/:id/resend', url: async () => `/api/fiscal/notes/${NO_NOTE}/resend`, cashier: 403, admin: 404 }, // prettier-ignore
  { route: 'GET /api/fiscal/gaps', cashier: 403, admin: 200 },
  // No number of series 1 was skipped yet: the admin is refused with the reason.
  { route: 'POST /api/fiscal/inutilizations', body: () => ({ series: 1, first: 1, last: 1, justification: 'Números saltados pelo caixa' }), cashier: 403, admin: 400 }, // prettier-ignore
  { route: 'GET /api/stock-counts', cashier: 403, admin: 200 },
  {
    route: 'POST /api/stock-counts',
    url: async () => (await saleFixture.closeCount!(), '/api/stock-counts'),
    body: () => ({}),
    cashier: 403,
    admin: 201,
  },
  {
    route: 'GET /api/stock-counts/:id',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'GET /api/stock-counts/:id/lines',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/lines`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'PUT /api/stock-counts/:id/lines/:productId',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/lines/${saleFixture.product!.id}`,
    body: () => ({ counted: 100_000 }),
    cashier: 403,
    admin: 200,
  },
  {
    route: 'POST /api/stock-counts/:id/confirm',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/confirm`,
    cashier: 403,
    admin: 200,
  },
  {
    route: 'POST /api/stock-counts/:id/cancel',
    url: async () => `/api/stock-counts/${await saleFixture.openCount!()}/cancel`,
    cashier: 403,
    admin: 200,
  },
];
