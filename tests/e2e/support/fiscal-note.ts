// A given NFC-e for a sale in the browser tests (note 42 of series 7, whatever the store's
// numbering): built with the real builder (buildNfce) from the sale's lines and signed with
// the test A1 (createPemSigner, certificates.ts), then written into fiscal_notes with the
// server stopped (PGlite has one process per data dir) and the server started again on
// that data.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../../src/server/db/client';
import { fiscalNotes, sales } from '../../../src/server/db/schema';
import { testCertificates } from '../../../src/server/fiscal/test/certificates';
import { createPemSigner } from '../../../src/server/fiscal/xml-signature';
import { signNfce } from '../../../src/shared/fiscal/nfce-sign';
import { buildNfce, type BuiltNfce } from '../../../src/shared/fiscal/nfce-xml';
import { sampleNote, SAMPLE_CNPJ } from '../../../src/shared/fiscal/test/sample-note';
import { seededRandom } from '../../../src/shared/seeded-random';
import { EMITTER } from './fiscal-store';
import { startServer, type RunningServer } from './server';
import type { ApiProduct } from './till';

export const NOTE_CPF = '52998224725';
export const NOTE_PROTOCOL = '135260000004242';

export const centavos = (reais: number) => Math.round(reais * 100);

/** Note 42 of series 7 in homologação for these lines paid in cash (`received` centavos), to NOTE_CPF. */
export function buildSaleNote(lines: [ApiProduct, number][], received: number): BuiltNfce {
  return buildNfce(
    sampleNote({
      series: 7,
      number: 42,
      issued_at: new Date().toISOString(),
      emitter: { ...EMITTER, crt: 1 },
      customer: { document: NOTE_CPF },
      items: lines.map(([p, quantity]) => ({
        code: p.sku,
        barcode: null,
        description: p.name,
        ncm: '61091000',
        cfop: '5102',
        unit: 'UN',
        quantity,
        unit_price: centavos(p.sale_price),
        origin: 0,
        csosn: '102',
      })),
      discount: 0,
      payments: [{ method: 'cash', amount: received }],
    }),
    seededRandom(42),
  );
}

/** Writes `built`, signed, as the sale's authorized note; the server restarted on the same data. */
export async function writeNoteStopped(server: RunningServer, saleId: string, built: BuiltNfce) {
  const dataDir = server.dataDir;
  await server.stop({ keepData: true });
  const pid = join(dataDir, 'pglite', 'postmaster.pid');
  const deadline = Date.now() + 15_000;
  while (existsSync(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  // The stopped server's data-dir lock may outlive its last write by a moment: try again until it goes.
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  while (!database) {
    try {
      database = await openDatabase({ pgliteDir: join(dataDir, 'pglite') });
    } catch (err) {
      if (Date.now() > deadline || (err as Error).name !== 'DataDirInUseError') throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const [sale] = await database.db.select().from(sales).where(eq(sales.id, saleId));
    const signed = await signNfce(built, createPemSigner(testCertificates(SAMPLE_CNPJ)));
    await database.db.insert(fiscalNotes).values({
      tenantId: sale!.tenantId,
      saleId,
      deviceId: sale!.deviceId,
      environment: 'homologacao',
      series: 7,
      number: 42,
      key: built.key,
      numericCode: built.numeric_code,
      issuedAt: new Date(sale!.soldAt),
      issuedAtLocal: built.issued_at_local,
      status: 'autorizada',
      xml: signed.xml,
      protocol: NOTE_PROTOCOL,
      authorizedAt: built.issued_at_local,
      qrCode: signed.qr_code,
      urlChave: built.url_chave,
      customerDocument: NOTE_CPF,
      total: built.totals.total,
      change: built.totals.change,
      approximateTaxes: null,
    });
  } finally {
    await database.close();
  }
  return startServer({}, { dataDir });
}
