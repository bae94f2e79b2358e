// The SEFAZ round trip of an NFC-e: a signed note of 30 items sent by the product's client
// (SOAP 1.2 over mutual TLS, connection kept alive) to the stand-in SEFAZ on loopback,
// which answers at once (validation off: no xmllint/xmlsec1), and its answer read. Client
// and stand-in share this process, so the figure counts both sides. The aim is for
// the whole sale with emission (< 150 ms more than without); this is the transport's share.
// Beside it, the floor: NFeStatusServico4 (the smallest exchange) over the same connection.
import { createSefazClient } from '../src/server/fiscal/sefaz-client';
import { startStandInSefaz } from '../src/server/fiscal/test/stand-in-sefaz';
import { removeTestCertificates, testCertificates } from '../src/server/fiscal/test/certificates';
import { createPemSigner } from '../src/server/fiscal/xml-signature';
import { buildNfce } from '../src/shared/fiscal/nfce-xml';
import { manyItems, SAMPLE_CNPJ, SAMPLE_CSC, sampleNote } from '../src/shared/fiscal/test/sample-note';
import { seededRandom } from '../src/shared/seeded-random';
import { verdict, type BenchPart } from './lib/report';
import { fmt, percentile } from './lib/stats';

const WARMUP = 50;
const RUNS = Number(process.env.BENCH_SEFAZ_RUNS ?? 500);
const AIM_MS = 150;

export const sefazPart: BenchPart = {
  name: 'sefaz',
  title: 'NFC-e: ida e volta à SEFAZ de mentira (SOAP 1.2, TLS mútuo, resposta imediata)',
  budgetMin: 3,
  async run(ctx) {
    const certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
    const standIn = await startStandInSefaz({ clientCaPem: certs.caPem, csc: { '1': SAMPLE_CSC }, validate: false });
    const client = createSefazClient({ baseUrl: standIn.url, extraCaPem: standIn.caPem });
    const target = {
      uf: 'SP',
      environment: 2,
      keyPem: certs.keyPem,
      certPem: certs.certPem,
      timeoutMs: 15_000,
    } as const;
    try {
      const signer = createPemSigner(certs);
      const items = manyItems(30);
      const random = seededRandom(7);
      const trips: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const note = sampleNote({ number: 1 + i, items, issued_at: new Date().toISOString(), payments: [{ method: 'cash', amount: 500_000 }] }); // prettier-ignore
        const signed = await signer.sign(buildNfce(note, random).xml, 'infNFe');
        const t0 = performance.now();
        const answer = await client.authorize(target, signed, String(i + 1));
        const t1 = performance.now();
        await client.status(target);
        const t2 = performance.now();
        if (answer.note?.cstat !== 100) throw new Error(`nota ${i + 1}: ${answer.note?.cstat} ${answer.note?.reason}`);
        if (i < WARMUP) continue;
        trips.push(t1 - t0);
        floor.push(t2 - t1);
      }
      const p95 = percentile(trips, 95);
      ctx.row({
        medida: `autorização ida e volta, p95 (${RUNS} notas)`,
        resultado: `${fmt(p95, 2)} ms`,
        meta: `< ${AIM_MS} ms (a venda inteira com emissão)`,
        situação: verdict(p95 < AIM_MS),
      });
      ctx.note('autorização ida e volta, p50', `${fmt(percentile(trips, 50), 2)} ms`);
      ctx.note('piso: NFeStatusServico4 na mesma conexão, p95', `${fmt(percentile(floor, 95), 2)} ms`);
    } finally {
      client.close();
      await standIn.close();
      removeTestCertificates();
    }
  },
};
