// The demo store (SEED_DEMO): http://demo.localhost:PORT, admin@demo.com / demo123 and
// caixa@demo.com / demo123, ~60 products and 25 customers, set up to show what the till does
// on the first sale: a Pix key (so Pix shows its QR), 'Consumidor final' chosen at Nova
// Venda, and named tills (the first till to sell takes 'Caixa 1': sales/devices/devices.ts). All in
// one transaction.
import { cnpjCheckDigits } from '../../shared/documents';
import { createTenant, type CreatedTenant } from '../access/tenants';
import { createUser } from '../access/users';
import { updateStoreSettings } from '../access/settings';
import { newCustomerRow } from '../catalogue/customers';
import { newProductRow } from '../catalogue/products';
import type { User } from '../../shared/contract';
import type { Db } from '../db/client';
import { customers, products } from '../db/schema';
import { demoCustomers, demoProducts } from './seed-data';

export const DEMO = {
  subdomain: 'demo',
  name: 'Loja Demo',
  admin: { name: 'Administrador Demo', email: 'admin@demo.com', password: 'demo123' },
  cashier: { name: 'Caixa Demo', email: 'caixa@demo.com', password: 'demo123' },
} as const;

const DEMO_CNPJ_BASE = '112223330001';

/** The demo's Pix: a random key (EVP, a lowercase UUID), the receiver and city as the BR Code takes them. */
export const DEMO_PIX = {
  pix_key: '7d9f0335-8dcc-4054-9bf9-0d42a9a2e7c1',
  pix_receiver_name: 'LOJA DEMO',
  pix_city: 'SAO PAULO',
} as const;

export async function seedDemo(db: Db): Promise<CreatedTenant & { cashier: User }> {
  return db.transaction(async (tx) => {
    const created = await createTenant(
      db,
      {
        subdomain: DEMO.subdomain,
        name: DEMO.name,
        adminName: DEMO.admin.name,
        adminEmail: DEMO.admin.email,
        adminPassword: DEMO.admin.password,
        cnpj: DEMO_CNPJ_BASE + cnpjCheckDigits(DEMO_CNPJ_BASE),
        phone: '(11) 3456-7890',
        email: 'contato@lojademo.com.br',
        address: 'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001',
      },
      tx,
    );
    const tenantId = created.tenant.id;
    const cashier = await createUser(
      db,
      tenantId,
      { name: DEMO.cashier.name, email: DEMO.cashier.email, password: DEMO.cashier.password, role: 'user' },
      tx,
    );

    await updateStoreSettings(db, tenantId, { ...DEMO_PIX, final_consumer: true }, tx);
    // Each row's sync version comes from the stamp_change trigger (migration 0008).
    await tx.insert(products).values(demoProducts().map((p) => newProductRow(tenantId, p)));
    await tx.insert(customers).values(demoCustomers().map((c) => newCustomerRow(tenantId, c)));
    return { ...created, cashier };
  });
}
