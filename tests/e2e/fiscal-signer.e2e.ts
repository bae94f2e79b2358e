// The fiscal signer in the real Chromium: the builder and the signer the till runs
// (src/shared/fiscal, bundled by Vite into a page on 127.0.0.1, a secure context), the A1's
// key imported into the browser's WebCrypto as the till keeps it (RSASSA-PKCS1-v1_5/SHA-1,
// not extractable). For generated notes, online and in offline contingency with QR v2 and
// v3, the browser's signed XML and QR Code equal, byte for byte, what the server makes for
// the same data with its own signer; a sample is valid against the schema (xmllint) and its
// signature verifies (xmlsec1).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  removeTestCertificates,
  testCertificates,
  type TestCertificates,
} from '../../src/server/fiscal/test/certificates';
import {
  removeWrittenDocuments,
  requireTools,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from '../../src/server/fiscal/test/xml-tools';
import { createPemSigner } from '../../src/server/fiscal/xml-signature';
import { signNfce, type SignedNfce } from '../../src/shared/fiscal/nfce-sign';
import type { NfceNote } from '../../src/shared/fiscal/nfce-note';
import { buildNfce } from '../../src/shared/fiscal/nfce-xml';
import { noteArb } from '../../src/shared/fiscal/test/note-arbitraries';
import { SAMPLE_CNPJ, sampleNote } from '../../src/shared/fiscal/test/sample-note';
import { seededRandom } from '../../src/shared/seeded-random';
import { openBrowser } from './support/browser';
import { a1ForPage, serveFiscalPage, type BalcaoFiscal } from './support/fiscal-page';

let certs: TestCertificates;
let page: Awaited<ReturnType<typeof serveFiscalPage>>;
let browser: Awaited<ReturnType<typeof openBrowser>>;

beforeAll(async () => {
  requireTools();
  certs = testCertificates(SAMPLE_CNPJ, 'MERCADINHO BOM PRECO LTDA');
  page = await serveFiscalPage();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await page?.close();
  removeWrittenDocuments();
  removeTestCertificates();
});

describe('fiscal signer in Chromium', () => {
  it('signs in the browser, with a key it cannot export, the same bytes the server signs', async () => {
    const contingency = { started_at: '2026-11-29T12:00:00.000Z', reason: 'Sem conexão com a SEFAZ' };
    const notes: NfceNote[] = [
      sampleNote({ contingency }),
      sampleNote({ contingency, qr: { version: 3 }, customer: { document: '52998224725' } }),
      sampleNote({ contingency, qr: { version: 3 } }),
      ...fc.sample(noteArb, { seed: 34, numRuns: 40 }),
    ];
    expect(notes.filter((n) => n.contingency).length).toBeGreaterThan(5);
    const tab = await browser.context.newPage();
    await tab.goto(page.url);
    const { pkcs8, der } = a1ForPage(certs);
    const made = await tab.evaluate(
      async ({ notes, pkcs8, der }) => {
        const f = (window as unknown as { balcaoFiscal: BalcaoFiscal }).balcaoFiscal;
        const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const key = await crypto.subtle.importKey('pkcs8', bytes(pkcs8), f.FISCAL_KEY_ALGORITHM, false, ['sign']);
        const exported = await crypto.subtle.exportKey('pkcs8', key).then(
          () => true,
          () => false,
        );
        const signer = f.createXmlSigner({ key, certificate_der: bytes(der) });
        const signed = [];
        for (const [i, note] of notes.entries())
          signed.push(await f.signNfce(f.buildNfce(note, f.seededRandom(i)), signer));
        return { secure: isSecureContext, extractable: key.extractable, exported, signed };
      },
      { notes, pkcs8, der },
    );
    expect(made.secure).toBe(true);
    expect(made.extractable).toBe(false);
    expect(made.exported).toBe(false);
    const server = createPemSigner(certs);
    const expected: SignedNfce[] = [];
    for (const [i, note] of notes.entries()) expected.push(await signNfce(buildNfce(note, seededRandom(i)), server));
    expect(made.signed).toHaveLength(notes.length);
    made.signed.forEach((signed, i) => expect(signed, `nota ${i + 1}`).toEqual(expected[i]));
    const sample = made.signed.slice(0, 10).map((s) => s.xml);
    const paths = writeDocuments(sample, 'chromium');
    expect(schemaFailures(paths)).toEqual([]);
    for (const path of paths) {
      const verified = verifySignature(path, certs.caPath);
      expect(verified.ok, verified.output).toBe(true);
    }
  });
});
