import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, isValidDocument } from '../shared/documents';
import { isValidGtin } from '../shared/gtin';
import { customers, products } from './db/schema';
import { DEMO, DEMO_PIX } from './demo/seed';
import { parsePixKey } from '../shared/pix/pix-key';
import { demoCustomers, demoProducts } from './demo/seed-data';
import { login, request, useTestApp } from './test/helpers';
import { databases } from './test/testDb';

describe('demo data', () => {
  it('is deterministic', () => {
    expect(demoProducts()).toEqual(demoProducts());
    expect(demoCustomers()).toEqual(demoCustomers());
  });

  it('has ~60 products of a clothing and shoe store, some below minimum stock', () => {
    const list = demoProducts();
    expect(list.length).toBeGreaterThanOrEqual(55);
    expect(list.length).toBeLessThanOrEqual(65);
    expect(new Set(list.map((p) => p.sku)).size).toBe(list.length);
    const sizes = new Set(list.map((p) => p.size));
    for (const s of ['P', 'M', 'G', 'GG', '38', '39', '40', '41', '42']) expect(sizes.has(s)).toBe(true);
    const low = list.filter((p) => p.current_stock < p.minimum_stock);
    expect(low.length).toBeGreaterThanOrEqual(4);
    expect(low.length).toBeLessThanOrEqual(6);
    expect(list.filter((p) => p.current_stock === 0)).toHaveLength(2);
    for (const p of list) {
      expect(Number.isInteger(p.sale_price)).toBe(true);
      expect(p.sale_price).toBeGreaterThan(p.cost_price);
      expect(isValidGtin(p.barcode ?? ''), `${p.sku} ${p.barcode}`).toBe(true);
    }
    expect(new Set(list.map((p) => p.barcode)).size).toBe(list.length);
  });

  it('has 25 customers with valid CPFs and CNPJs, one alphanumeric', () => {
    const list = demoCustomers();
    expect(list).toHaveLength(25);
    for (const c of list) expect(isValidDocument(c.document!), `${c.name} ${c.document}`).toBe(true);
    expect(list.filter((c) => isValidCpf(c.document!)).length).toBeGreaterThanOrEqual(15);
    const cnpjs = list.filter((c) => c.document!.length === 14);
    expect(cnpjs.length).toBeGreaterThanOrEqual(3);
    expect(cnpjs.some((c) => /[A-Z]/.test(c.document!) && isValidCnpj(c.document!))).toBe(true);
    for (const c of list) {
      expect(c.state).toMatch(/^[A-Z]{2}$/);
      expect(c.zip_code).toMatch(/^\d{8}$/);
    }
  });
});

describe.each(databases())('demo seed (%s)', (kind) => {
  const ctx = useTestApp(kind);

  it('creates the demo store, its two logins and a valid company CNPJ', async () => {
    expect(ctx.demo.tenant).toMatchObject({ subdomain: 'demo', name: 'Loja Demo' });
    expect(isValidCnpj(ctx.demo.tenant.cnpj!)).toBe(true);
    const admin = await login(ctx.app, DEMO.admin.email, DEMO.admin.password);
    expect(admin.user).toMatchObject({ name: 'Administrador Demo', role: 'admin' });
    const cashier = await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
    expect(cashier.user).toMatchObject({ name: 'Caixa Demo', role: 'user' });
  });

  it('shows what the till does on the first sale: a Pix key, Consumidor final chosen, a named till', async () => {
    const cashier = await login(ctx.app, DEMO.cashier.email, DEMO.cashier.password);
    const settings = (await request(ctx.app, 'GET', '/api/settings', { token: cashier.accessToken })).body.data;
    expect(settings).toMatchObject({ ...DEMO_PIX, final_consumer: true });
    expect(parsePixKey('random', settings.pix_key)).toMatchObject({ ok: true, key: DEMO_PIX.pix_key });
    const finals = await ctx.db
      .select({ name: customers.name })
      .from(customers)
      .where(and(eq(customers.tenantId, ctx.demo.tenant.id), eq(customers.finalConsumer, true)));
    expect(finals).toEqual([{ name: 'Consumidor final' }]);
    // No till exists when the store is seeded: the first one to sell takes 'Caixa 1'.
    const till = await request(ctx.app, 'POST', '/api/devices', {
      token: cashier.accessToken,
      body: { id: randomUUID(), label: 'Linux · Chrome' },
    });
    expect(till.body.data).toMatchObject({ code: 'A', name: 'Caixa 1' });
  });

  it('stamps every seeded row with its own sync version and the seeding transaction', async () => {
    const t = ctx.demo.tenant.id;
    const rows = [
      ...(await ctx.db
        .select({ v: products.version, txid: products.txid })
        .from(products)
        .where(eq(products.tenantId, t))),
      ...(await ctx.db
        .select({ v: customers.version, txid: customers.txid })
        .from(customers)
        .where(eq(customers.tenantId, t))),
    ];
    const versions = rows.map((r) => r.v);
    expect(new Set(versions).size).toBe(versions.length);
    expect(Math.min(...versions)).toBeGreaterThan(0);
    // One transaction wrote them all (the stamp_change trigger, migration 0008).
    expect(new Set(rows.map((r) => r.txid)).size).toBe(1);
    expect(rows[0]!.txid).toBeGreaterThan(0);
  });
});
