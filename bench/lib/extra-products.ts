// Products in bulk for the demo store, named like its own (type, cut, fabric, colour:
// coprime list lengths vary them), SKUs BX-000001..: the till in Chromium and the
// year-of-history store add them straight into the database while no server runs.
import { literal, withSql } from './sql';

const words = (list: string) => list.split(',');
const TYPES = words(
  'Camiseta,Calça,Bermuda,Tênis,Jaqueta,Vestido,Saia,Blusa,Moletom,Camisa,Regata,Shorts,Sandália,Bota,Boné,Meia',
);
const STYLES = words(
  'Básica,Slim,Reta,Oversized,Estampada,Listrada,Lisa,Premium,Infantil,Feminina,Masculina,Esportiva,Casual',
);
const MATERIALS = words('Algodão,Linho,Jeans,Couro,Malha,Seda,Sarja,Tricô,Viscose,Poliéster,Nylon');
const COLORS = words(
  'Azul,Preto,Branco,Vermelho,Verde,Cinza,Bege,Rosa,Amarelo,Marrom,Vinho,Caramelo,Mostarda,Lilás,Grafite,Off White,Coral',
);
const SIZES = words('PP,P,M,G,GG,36,38,40,42,44');
const sqlArray = (items: string[]) => `ARRAY[${items.map(literal).join(',')}]`;

export const benchSku = (g: number) => `BX-${String(g).padStart(6, '0')}`;

/**
 * The statements (no transaction of their own) that insert `count` products into the demo
 * store, each with its own sync version and the transaction's id, as the stamp_change
 * trigger stamps the server's own writes (set here too: the year of history loads with
 * triggers off).
 * Cost 9.90 to 309.89 reais, sale price twice the cost plus 0.90; stock 1,000.
 */
export function insertProductsSql(count: number): string {
  return `
    INSERT INTO products (tenant_id, sku, name, size, color, current_stock, minimum_stock, cost_price, sale_price, active,
                          version, txid)
    SELECT t.id,
           'BX-' || lpad(g::text, 6, '0'),
           (${sqlArray(TYPES)})[1 + g % ${TYPES.length}] || ' ' ||
           (${sqlArray(STYLES)})[1 + g % ${STYLES.length}] || ' ' ||
           (${sqlArray(MATERIALS)})[1 + g % ${MATERIALS.length}] || ' ' ||
           (${sqlArray(COLORS)})[1 + g % ${COLORS.length}],
           (${sqlArray(SIZES)})[1 + g % ${SIZES.length}],
           (${sqlArray(COLORS)})[1 + g % ${COLORS.length}],
           1000, 5,
           990 + (g::bigint * 7919) % 30000,
           2 * (990 + (g::bigint * 7919) % 30000) + 90,
           true,
           nextval('change_versions'), pg_current_xact_id()::text::bigint
      FROM tenants t, generate_series(1, ${count}) g
     WHERE t.subdomain = 'demo';
  `;
}

/** The demo store of a PGlite data dir plus `count` products; how many it then has, and the time taken. */
export async function addProducts(dataDir: string, count: number): Promise<{ expected: number; seconds: number }> {
  const t0 = performance.now();
  return withSql({ dataDir }, async (sql) => {
    await sql.exec(`BEGIN; ${insertProductsSql(count)} COMMIT;`);
    const [row] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM products p JOIN tenants t ON t.id = p.tenant_id
        WHERE t.subdomain = 'demo' AND p.deleted_at IS NULL`,
    );
    return { expected: row!.n, seconds: (performance.now() - t0) / 1000 };
  });
}
