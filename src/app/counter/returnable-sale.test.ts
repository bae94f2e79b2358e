// Finding a sale to return: another device's sale by its exact number on the server (the
// lookup), a refusal of the server said as it comes, this device's own sale past the troca
// period refused for a cashier (and opened for an admin), and offline the till saying that
// only this device's sales can be found.
import { describe, expect, it } from 'vitest';
import { trocaPeriodPassed } from '../../shared/troca-period';
import { freshDevices, P1 } from '../test/device-db';
import { ApiError } from '../lib/api-error';
import type { LocalSale } from '../offline/db';
import { findReturnableSale, OFFLINE_FINDS_DEVICE_SALES_ONLY, type SaleReach } from './returnable-sale';

const openDb = freshDevices('find');
const DAY_MS = 86_400_000;
const SALE_ID = '11111111-2222-4333-8444-555555555555';
const cashier: SaleReach = { online: true, role: 'user', trocaPeriodDays: 30 };

/** The server's answers (JSON edge: reais) and what the finder asked it. */
function fakeServer(refusal?: ApiError) {
  const asked: string[] = [];
  const client = {
    get: async (schema: { parse: (v: unknown) => unknown }, path: string, options?: { query?: object }) => {
      asked.push(`${path}${options?.query ? `?${new URLSearchParams(options.query as never)}` : ''}`);
      if (refusal) throw refusal;
      if (path.endsWith('/returns'))
        return schema.parse({ success: true, data: { sale_id: SALE_ID, lines: [line], returns: [] } });
      return schema.parse({ success: true, data: detail });
    },
  };
  return { asked, client: client as never };
}
const line = {
  sale_item_id: SALE_ID,
  position: 0,
  product_id: P1,
  product_name: 'Camiseta',
  quantity: 2,
  returned: 1,
  unit_price: 25,
  total_price: 50,
};
const detail = {
  id: SALE_ID,
  number: 'B-0007',
  customer_id: SALE_ID,
  customer_name: 'Rita',
  items: [],
  total: 50,
  discount: 0,
  payment_method: 'pix',
  payment_status: 'paid',
  sale_status: 'completed',
  crediario: null,
  payments: [{ method: 'pix', amount: 50, received: null, change: null }],
  stock_conflicts: [],
  price_conflicts: [],
  offline: false,
  notes: null,
  created_by: null,
  sold_at: new Date(Date.now() - 10 * DAY_MS).toISOString(),
  received_at: new Date().toISOString(),
  claimed_sold_at: null,
  device_label: null,
  cash_session_id: null,
  device_id: null,
  cancelled_at: null,
  cancel_reason: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  installments: [],
  cash_session: null,
  conflicts: [],
  device_code: 'B',
  cancelled_by_name: null,
  cashier_name: null,
};

/** A sale this device made `days` ago. */
function localSale(days: number): LocalSale {
  return {
    id: SALE_ID,
    number: 'A-0042',
    createdAt: Date.now() - days * DAY_MS,
    customerId: SALE_ID,
    state: 'synced',
    customerName: 'Rita',
    totalCentavos: 5000,
    items: [{ product_id: P1, product_name: 'Camiseta', quantity: 2, unit_price_centavos: 2500 }],
    paymentMethod: 'cash',
    conflicts: 0,
  };
}

describe('findReturnableSale', () => {
  it("online, another device's sale is looked up on the server by its exact number", async () => {
    const { asked, client } = fakeServer();
    const found = await findReturnableSale(openDb(), client, '  #b-0007 ', cashier);
    expect(asked).toEqual(['/sales/lookup?number=B-0007', `/sales/${SALE_ID}/returns`]);
    expect(found).toMatchObject({ id: SALE_ID, number: 'B-0007', total: 5000, payments: [{ amount: 5000 }] });
    expect(found.lines[0]).toMatchObject({ quantity: 2, returned: 1, total_price: 5000 });
    await expect(findReturnableSale(openDb(), client, 'camiseta azul', cashier)).rejects.toThrow(
      'Número da venda inválido',
    );
  });

  it("the server's refusal is said as it comes, also for a sale kept on this device", async () => {
    const db = openDb();
    await db.sales.put(localSale(20));
    const refusal = new ApiError(trocaPeriodPassed(7), 403, 'FORBIDDEN');
    const { client } = fakeServer(refusal);
    await expect(findReturnableSale(db, client, 'A-0042', cashier)).rejects.toThrow(trocaPeriodPassed(7));
    await expect(findReturnableSale(db, client, 'B-0007', cashier)).rejects.toThrow(trocaPeriodPassed(7));
  });

  it("this device's own sale past the period: refused for a cashier, also offline; an admin opens it", async () => {
    const db = openDb();
    await db.sales.put(localSale(31));
    const { asked, client } = fakeServer(new ApiError('sem rede', 0, 'NETWORK'));
    const offline = { ...cashier, online: false };
    await expect(findReturnableSale(db, client, 'a-42', offline)).rejects.toThrow(trocaPeriodPassed(30));
    const admin = await findReturnableSale(db, client, 'a-42', { ...offline, role: 'admin' });
    expect(admin).toMatchObject({ id: SALE_ID, number: 'A-0042', total: 5000 });
    expect(asked).toEqual([]);
    // Within the period (day 30), offline, the cashier opens it from the device.
    await db.sales.put(localSale(30));
    expect((await findReturnableSale(db, client, 'A-0042', offline)).id).toBe(SALE_ID);
  });

  it('offline, a sale not made on this device cannot be found, and the till says why', async () => {
    const { asked, client } = fakeServer();
    const offline = { ...cashier, online: false };
    await expect(findReturnableSale(openDb(), client, 'B-0007', offline)).rejects.toThrow(
      OFFLINE_FINDS_DEVICE_SALES_ONLY,
    );
    expect(asked).toEqual([]);
    // Online in name, but the network fails: the same sentence, not a bare network error.
    const down = fakeServer(new ApiError('sem rede', 0, 'NETWORK'));
    await expect(findReturnableSale(openDb(), down.client, 'B-0007', cashier)).rejects.toThrow(
      OFFLINE_FINDS_DEVICE_SALES_ONLY,
    );
  });
});
