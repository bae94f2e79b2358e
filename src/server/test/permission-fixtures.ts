// What the permission matrix's rows (permission-rows.ts) are made of: a row's shape, the
// fresh records and bodies the routes that consume an id or need a body are called with,
// and the routes every visitor may call.
import { makeA1, type A1File } from '../fiscal/test/a1-files';
import { tillKeyBody } from '../fiscal/test/till-key-fixtures';
import { nfeXml } from './nfe-xml';
import type { ProductFixture } from './sales-fixtures';

export type Kind =
  'product' | 'customer' | 'user' | 'category' | 'company' | 'sale' | 'payable' | 'receivable' | 'entry' | 'conflict';

export interface Row {
  route: string;
  id?: Kind;
  /** Builds the URL when the template needs more than one fresh id. */
  url?: () => Promise<string>;
  body?: () => unknown;
  cashier: number;
  admin: number;
  /** The sentence a denied cashier reads, when a store setting decides (default: the generic one). */
  denied?: string;
}

/** A product with plenty of stock and a customer for the sale routes (set in beforeAll). */
export const saleFixture: {
  product?: ProductFixture;
  customerId?: string;
  newSale?: () => Promise<FreshSale>;
  /** A fresh sale's unit returned to vale-troca: the customer's payout URL (the return kept in `returnId`). */
  valePayout?: () => Promise<string>;
  returnId?: string;
  openSession?: () => Promise<string>;
  /** A till of the demo store, registered now: its id. */
  newDevice?: () => Promise<string>;
  /** A contingency key registered now on a new till of the demo store: the key's id. */
  newTillKey?: () => Promise<string>;
  /** The store's open stock count (opened when there is none). */
  openCount?: () => Promise<string>;
  /** No stock count open (the open one cancelled). */
  closeCount?: () => Promise<void>;
} = {};
export interface FreshSale {
  id: string;
  number: string;
  items: { id: string }[];
}
export const saleBody = () => ({
  customer_id: saleFixture.customerId,
  items: [
    { product_id: saleFixture.product!.id, quantity: 1, unit_price: saleFixture.product!.price / 100 },
    { product_id: saleFixture.product!.id, quantity: 1, unit_price: saleFixture.product!.price / 100 },
  ],
  payment_method: 'cash',
});

export const payableBody = () => ({
  supplier_name: 'Fornecedor Matriz',
  description: 'Conta matriz',
  amount: 10,
  due_date: '2026-12-01',
  category: 'Serviços',
});
export const receivableBody = () => ({ description: 'Conta matriz', amount: 10, due_date: '2026-12-01' });
/** A spreadsheet of one new product, another each time (the same file is imported once). */
export const importSheet = () => Buffer.from(`Código;Produto\r\nPERM-IMP-${++seq};Item\r\n`);
/** A supplier's note to the demo store, its one line entering as a new product. */
export const nfeBody = () => {
  const n = ++seq;
  const lines = [
    { code: `PERM-${n}`, description: `ITEM ${n}`, quantity: '1.0000', unit_cost: '4.0000000000', total_cents: 400 },
  ];
  const { xml } = nfeXml({ number: 7000 + n, recipient_cnpj: '11222333000181', lines });
  return {
    xml,
    lines: [{ item_number: 1, new_product: { name: `Item ${n}`, sku: `PERM-${n}` } }],
    payment: { kind: 'due', due_date: '2030-01-10' },
  };
};
/** The demo store's A1 (its CNPJ is the demo company's), as Configurações > Fiscal sends it. */
export const a1Body = () => {
  const { pfx, password } = makeA1({ cnpj: '11222333000181' });
  return { pfx_base64: pfx.toString('base64'), password };
};
let tillA1: A1File | undefined;
/** What a new till of the demo store sends to register the demo store's A1 it now holds. */
export const tillKeyRegisterBody = async () => {
  tillA1 ??= makeA1({ cnpj: '11222333000181', legacy: true });
  return tillKeyBody(tillA1, await saleFixture.newDevice!());
};
/** A contingency note that is not a signed NFC-e: refused with the reason for anyone the route lets in. */
export const contingencyNoteBody = async () => ({
  sale_id: (await saleFixture.newSale!()).id,
  device_id: await saleFixture.newDevice!(),
  series: 1,
  number: 1,
  access_key: '3'.repeat(44),
  issued_at: new Date().toISOString(),
  xml: '<NFe xmlns="http://www.portalfiscal.inf.br/nfe"></NFe>',
  certificate_der: 'AAAA',
});
export const entryBody = () => ({
  date: '2026-01-02',
  type: 'income',
  description: 'Matriz',
  category: 'Vendas',
  amount: 10,
});

/** A till session the cashier opened (an admin may act on it too). */
export const ownSession = (): Promise<string> => saleFixture.openSession!();

let seq = 0;
export const uniq = () => `${Date.now().toString(36)}${seq++}`;

/** POST /api/sales/items needs a fresh sale in its body, made when the row runs. */
export const ITEM_ADD = 'POST /api/sales/items';

export const PUBLIC = [
  'GET /api/tenants/search',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
];
