// The accountant's package of a month of 10,000 authorized NFC-e (PGlite): the ZIP written
// by writeMonthExport (keyset pages, entries deflated as they come, waiting for the
// stream to drain) to a file, its time and the process's peak memory above its start; the
// archive then listed by unzip to count its entries. The notes share one signed 30-item
// document (the key column differs): the bench measures reading and zipping, not signing.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { fiscalNotes } from '../src/server/db/schema';
import { seedDemo } from '../src/server/demo/seed';
import { writeMonthExport } from '../src/server/fiscal/notes/notes-export';
import { removeTestCertificates, testCertificates } from '../src/server/fiscal/test/certificates';
import { protNFeOf } from '../src/server/fiscal/test/scripted-sefaz-events';
import { createPemSigner } from '../src/server/fiscal/xml-signature';
import { signNfce } from '../src/shared/fiscal/nfce-sign';
import { buildNfce } from '../src/shared/fiscal/nfce-xml';
import { manyItems, SAMPLE_CNPJ, sampleNote } from '../src/shared/fiscal/test/sample-note';
import { seededRandom } from '../src/shared/seeded-random';
import { verdict, type BenchPart } from './lib/report';
import { fmt } from './lib/stats';

const NOTES = Number(process.env.BENCH_EXPORT_NOTES ?? 10_000);
const TARGET_S = 10;
const MB = 1024 * 1024;
const MONTH = '2026-10';

export const notesExportPart: BenchPart = {
  name: 'notes-export',
  title: `XML do mês para o contador: ${NOTES.toLocaleString('pt-BR')} NFC-e num ZIP (PGlite)`,
  budgetMin: 5,
  async run(ctx) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-notes-export-'));
    const database = await openDatabase({ pgliteDir: join(dir, 'db') });
    try {
      await database.migrate();
      const { tenant } = await seedDemo(database.db);
      const certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
      const at = new Date('2026-10-15T15:00:00Z');
      const built = buildNfce(sampleNote({ items: manyItems(30), payments: [{ method: 'cash', amount: 500_000 }], issued_at: at.toISOString() }), seededRandom(1)); // prettier-ignore
      const { xml: signed, qr_code } = await signNfce(built, createPemSigner(certs));
      const prot = protNFeOf(signed, at);
      for (let start = 0; start < NOTES; start += 500) {
        const rows = Array.from({ length: Math.min(500, NOTES - start) }, (_, i) => {
          const n = start + i + 1;
          return {
            tenantId: tenant.id,
            environment: 'homologacao' as const,
            series: 1,
            number: n,
            key: built.key.slice(0, 25) + String(n).padStart(9, '0') + built.key.slice(34),
            numericCode: built.numeric_code,
            issuedAt: new Date(at.getTime() + n * 1000),
            issuedAtLocal: built.issued_at_local,
            status: 'autorizada' as const,
            xml: signed,
            protocolXml: prot.xml,
            protocol: prot.protocol,
            authorizedAt: prot.received_at,
            qrCode: qr_code,
            urlChave: built.url_chave,
            total: built.totals.total,
          };
        });
        await database.db.insert(fiscalNotes).values(rows);
      }
      const file = join(dir, 'mes.zip');
      global.gc?.();
      const before = process.memoryUsage();
      let rss = before.rss;
      let heap = before.heapUsed;
      const timer = setInterval(() => {
        const now = process.memoryUsage();
        rss = Math.max(rss, now.rss);
        heap = Math.max(heap, now.heapUsed);
      }, 20);
      const t0 = performance.now();
      const out = createWriteStream(file);
      const closed = new Promise<void>((resolve) => out.on('close', () => resolve()));
      await writeMonthExport(database.db, tenant.id, MONTH, out);
      await closed;
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(timer);
      const entries = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8', maxBuffer: 64 * MB })
        .trim()
        .split('\n');
      ctx.row({
        medida: `ZIP do mês (${NOTES.toLocaleString('pt-BR')} notas)`,
        resultado: `${fmt(seconds, 2)} s`,
        meta: `< ${TARGET_S} s`,
        situação: verdict(seconds < TARGET_S && entries.length === NOTES + 1),
      });
      ctx.note('entradas no ZIP (notas + resumo.csv)', String(entries.length));
      ctx.note('arquivo', `${fmt(statSync(file).size / MB, 1)} MB`);
      ctx.note('pico de memória acima do início (RSS / heap)', `${fmt((rss - before.rss) / MB, 1)} MB / ${fmt((heap - before.heapUsed) / MB, 1)} MB`); // prettier-ignore
      ctx.note('XML de uma nota', `${fmt(Buffer.byteLength(signed) / 1024, 1)} KB`);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      removeTestCertificates();
    }
  },
};
