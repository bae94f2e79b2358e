// More stores beside the demo one, for loads spread over several tenants: each a copy of
// the demo store's products and customers (PostgreSQL, written while the server runs).
import { createTenant } from '../../src/server/access/tenants';
import { openDatabase } from '../../src/server/db/client';
import { PASSWORD } from './catalogue';

/** Creates `count` stores loja1..lojaN (admin@lojaN.com / demo123); returns their subdomains. */
export async function addStores(url: string, count: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
  try {
    const { rows } = (await database.db.execute(`SELECT id FROM tenants WHERE subdomain = 'demo'`)) as unknown as {
      rows: { id: string }[];
    };
    const demo = rows[0]!.id;
    const subdomains: string[] = [];
    for (let i = 1; i <= count; i++) {
      const subdomain = `loja${i}`;
      const { tenant } = await createTenant(database.db, {
        subdomain,
        name: `Loja ${i}`,
        adminEmail: `admin@${subdomain}.com`,
        adminPassword: PASSWORD,
      });
      const copy = (table: string, columns: string) =>
        database.db.execute(
          `INSERT INTO ${table} (tenant_id, ${columns})
           SELECT '${tenant.id}', ${columns} FROM ${table} WHERE tenant_id = '${demo}'`,
        );
      await copy('products', 'sku, name, size, color, current_stock, minimum_stock, cost_price, sale_price, active');
      await copy('customers', 'name, email, phone, document, address, city, state, zip_code, active');
      subdomains.push(subdomain);
    }
    return subdomains;
  } finally {
    await database.close();
  }
}
