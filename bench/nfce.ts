// An NFC-e of 30 items built (src/shared/fiscal, the pure builder the till also runs) and
// signed (src/shared/fiscal/xml-dsig.ts on WebCrypto, the signer the till also runs; the A1
// read from PEM by src/server/fiscal/xml-signature.ts; RSA-SHA1, 2048-bit test key), in the
// server's process, each run a new number of the series; beside the floor, a bare
// crypto.sign (RSA-SHA1) of the same document's bytes with the same key in the same run.
import { createPrivateKey, sign } from 'node:crypto';
import { createPemSigner } from '../src/server/fiscal/xml-signature';
import { removeTestCertificates, testCertificates } from '../src/server/fiscal/test/certificates';
import { buildNfce } from '../src/shared/fiscal/nfce-xml';
import { manyItems, SAMPLE_CNPJ, sampleNote } from '../src/shared/fiscal/test/sample-note';
import { seededRandom } from '../src/shared/seeded-random';
import { verdict, type BenchPart } from './lib/report';
import { fmt, percentile } from './lib/stats';

const ITEMS = 30;
const WARMUP = 100;
const RUNS = Number(process.env.BENCH_NFCE_RUNS ?? 1000);
const TARGET_P95_MS = 10;

export const nfcePart: BenchPart = {
  name: 'nfce',
  title: `NFC-e de ${ITEMS} itens: montar e assinar no servidor`,
  budgetMin: 3,
  async run(ctx) {
    const certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
    try {
      const signer = createPemSigner(certs);
      const key = createPrivateKey(certs.keyPem);
      const items = manyItems(ITEMS);
      const random = seededRandom(33);
      const total: number[] = [];
      const build: number[] = [];
      const floor: number[] = [];
      // CPU time of the process for the same work: what the note costs, apart from waiting
      // for a core on a busy machine (wall time includes being descheduled).
      const cpu: number[] = [];
      let bytes = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const note = sampleNote({ number: 1000 + i, items, payments: [{ method: 'cash', amount: 500_000 }] });
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const built = buildNfce(note, random);
        const t1 = performance.now();
        const signed = await signer.sign(built.xml, 'infNFe');
        const t2 = performance.now();
        const c1 = process.cpuUsage(c0);
        sign('sha1', Buffer.from(built.xml, 'utf8'), key);
        const t3 = performance.now();
        if (i < WARMUP) continue;
        build.push(t1 - t0);
        total.push(t2 - t0);
        floor.push(t3 - t2);
        cpu.push((c1.user + c1.system) / 1000);
        bytes = Buffer.byteLength(signed);
      }
      const p95 = percentile(total, 95);
      ctx.row({
        medida: `montar + assinar, p95 (${RUNS} notas)`,
        resultado: `${fmt(p95, 2)} ms`,
        meta: `< ${TARGET_P95_MS} ms`,
        situação: verdict(p95 < TARGET_P95_MS),
      });
      ctx.note('montar + assinar, p50', `${fmt(percentile(total, 50), 2)} ms`);
      ctx.note('montar + assinar, tempo de CPU do processo, p95', `${fmt(percentile(cpu, 95), 2)} ms`);
      ctx.note('só montar (builder puro), p95', `${fmt(percentile(build, 95), 2)} ms`);
      ctx.note('piso: crypto.sign RSA-SHA1 dos mesmos bytes, p95', `${fmt(percentile(floor, 95), 2)} ms`);
      ctx.note('nota assinada', `${fmt(bytes / 1024, 1)} KB`);
    } finally {
      removeTestCertificates();
    }
  },
};
