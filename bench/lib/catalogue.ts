// The demo store as the load benchmarks see it: its products and customers through the
// API, and random sales the till could have made of them.
import type { PaymentMethod, SaleCreate } from '../../src/shared/contract';
import { dueDates } from '../../src/app/features/sales/cart';
import { todayIso } from '../../src/shared/dates';
import { toCentavos } from '../../src/shared/money';
import { api, loginToken } from '../../tests/e2e/support/api';
import type { RunningServer } from '../../tests/e2e/support/server';
import { pick } from './stats';

/** Every demo login's password (src/server/db/seed.ts). */
export const PASSWORD = 'demo123';

export interface ApiProduct {
  id: string;
  sku: string;
  name: string;
  current_stock: number;
  sale_price: number;
  active: boolean;
}
export interface ApiCustomer {
  id: string;
  name: string;
  active: boolean;
  /** The store's 'Consumidor final': no crediário for it. */
  final_consumer?: boolean;
}
export interface Catalogue {
  adminToken: string;
  products: ApiProduct[];
  customers: ApiCustomer[];
}

export async function adminToken(server: RunningServer, subdomain = 'demo'): Promise<string> {
  if (subdomain === 'demo') return loginToken(server, 'admin@demo.com', PASSWORD);
  const res = await api<{ data?: { accessToken: string } }>(server, 'POST', '/api/auth/login', {
    subdomain,
    body: { email: `admin@${subdomain}.com`, password: PASSWORD },
  });
  if (!res.body.data) throw new Error(`login em ${subdomain} falhou: ${res.status}`);
  return res.body.data.accessToken;
}

/** The first 200 products and customers of a store (the demo one by default; active ones), and an admin token. */
export async function catalogueOf(server: RunningServer, subdomain = 'demo'): Promise<Catalogue> {
  const token = await adminToken(server, subdomain);
  const products = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
    token,
    subdomain,
  });
  const customers = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=200', {
    token,
    subdomain,
  });
  const catalogue = {
    adminToken: token,
    products: products.body.data.products.filter((p) => p.active),
    customers: customers.body.data.customers.filter((c) => c.active),
  };
  if (catalogue.products.length < 3 || catalogue.customers.length < 1) {
    throw new Error('o demo precisa de ao menos 3 produtos e 1 cliente ativos');
  }
  return catalogue;
}

/** How many sales the server holds. */
export async function salesTotal(server: RunningServer, token: string, subdomain = 'demo'): Promise<number> {
  const res = await api<{ data: { pagination: { total: number } } }>(server, 'GET', '/api/sales?page=1&limit=1', {
    token,
    subdomain,
  });
  if (res.status !== 200) throw new Error(`GET /api/sales: ${res.status}`);
  return res.body.data.pagination.total;
}

const METHODS: PaymentMethod[] = ['cash', 'pix', 'debit_card', 'credit_card'];

/** A sale the till could have made: 1 to 3 distinct products, 1 to 3 units each, centavos. */
export function randomSale(catalogue: Catalogue, random: () => number, crediario: boolean): SaleCreate {
  const count = 1 + Math.floor(random() * 3);
  const chosen = new Map<string, ApiProduct>();
  while (chosen.size < count) {
    const p = pick(catalogue.products, random);
    chosen.set(p.id, p);
  }
  const parcelas = 1 + Math.floor(random() * 6);
  return {
    customer_id: pick(catalogue.customers, random).id,
    items: [...chosen.values()].map((p) => ({
      product_id: p.id,
      quantity: 1 + Math.floor(random() * 3),
      unit_price: toCentavos(p.sale_price),
    })),
    payment_method: crediario ? 'crediario' : pick(METHODS, random),
    payment_status: 'pending',
    sale_status: 'completed',
    crediario: crediario ? { entrada: 0, parcelas, vencimentos: dueDates(todayIso(), parcelas) } : undefined,
    offline: true,
    sold_at: new Date().toISOString(),
  };
}
