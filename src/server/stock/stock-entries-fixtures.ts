// The NF-e entry suites' pieces (stock-entries*.test.ts): a supplier's note to the demo
// store (three lines, one of them boxes of 12, and two duplicatas), and the app on a fresh
// database with the calls they repeat.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { cnpjCheckDigits } from '../../shared/documents';
import type { accountsPayable, stockEntries, supplierProductLinks } from '../db/schema';
import { NO_STORE, openTestStore } from '../test/helpers';
import { nfeXml, type NfeXmlLine } from '../test/nfe-xml';
import type { TestDbKind } from '../test/testDb';

export const SUPPLIER = `445556660001${cnpjCheckDigits('445556660001')}`;
const STORE = '11222333000181';

export const LINES: NfeXmlLine[] = [
  {
    code: 'COLA-2L',
    ean: '7894900011517',
    description: 'REFRIGERANTE COLA PET 2L',
    quantity: '24.0000',
    unit_cost: '7.4900000000',
    total_cents: 179_76,
  },
  // 5 boxes of 12 (qTrib in units): 60 units at R$ 1,50.
  {
    code: 'AGUA-CX12',
    description: 'AGUA MINERAL 500ML CX C/12',
    unit: 'CX',
    quantity: '5.0000',
    unit_cost: '18.0000000000',
    total_cents: 90_00,
    tax_unit: 'UN',
    tax_quantity: '60.0000',
    tax_unit_cost: '1.5000000000',
  },
  {
    code: 'BISC-01',
    description: 'BISCOITO RECHEADO 140G',
    quantity: '10.0000',
    unit_cost: '2.3350000000',
    total_cents: 23_35,
  },
];
const DUPS = [
  { number: '001', due_date: '2030-01-10', amount_cents: 146_56 },
  { number: '002', due_date: '2030-02-09', amount_cents: 146_55 },
];

/** The number of the last note made (read after `note()`). */
export let numberSeq = 500;
/** A note of SUPPLIER to the demo store, with LINES and DUPS unless told otherwise, numbered after the last. */
export const note = (options: Parameters<typeof nfeXml>[0] = {}) =>
  nfeXml({
    number: ++numberSeq,
    supplier_cnpj: SUPPLIER,
    recipient_cnpj: STORE,
    lines: LINES,
    duplicatas: DUPS,
    ...options,
  });

/** The app on a fresh database around the suite (read `s` inside the tests), and its calls. */
export function entriesSuite(kind: TestDbKind) {
  const s = { ...NO_STORE };
  beforeAll(async () => {
    Object.assign(s, await openTestStore(kind));
  });
  afterAll(() => s.ctx?.close());
  const post = (url: string, body: unknown, token = s.admin, headers: Record<string, string> = {}) =>
    s.http.post(url, body, { token, headers });
  const preview = (xml: string, extra: object = {}) => post('/api/stock-entries/nfe/preview', { xml, ...extra });
  const tableCount = async (table: typeof stockEntries | typeof accountsPayable | typeof supplierProductLinks) =>
    (await s.ctx.db.select({ n: count() }).from(table).where(eq(table.tenantId, s.tenantId)))[0]!.n;
  return { s, post, preview, tableCount };
}
