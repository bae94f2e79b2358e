// The SEFAZ client against the stand-in for what follows a note: the cancel (110111) in and
// out of its window, the inutilização of numbers, the service status; the documents kept
// (procEventoNFe, ProcInutNFe) validated and verified; the addresses, the environment
// variables and the bundled ICP-Brasil roots.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleProcEvento, assembleProcInut } from '../../shared/fiscal/sefaz-answers';
import { buildCancelEvent, buildInutilization, buildSubstitutionCancelEvent } from '../../shared/fiscal/sefaz-messages';
import { signNfce } from '../../shared/fiscal/nfce-sign';
import { buildNfce } from '../../shared/fiscal/nfce-xml';
import { sampleNote } from '../../shared/fiscal/test/sample-note';
import { seededRandom } from '../../shared/seeded-random';
import { nfceWebService } from '../../shared/fiscal/sefaz';
import { SAMPLE_CNPJ } from '../../shared/fiscal/test/sample-note';
import { EnvError, parseEnv } from '../env';
import { ICP_BRASIL_ROOTS } from './icp-brasil-roots';
import { sefazClientOptionsFromEnv, serviceUrl } from './sefaz-client';
import { removeTestCertificates, testCertificates } from './test/certificates';
import { answerSchemaFailures, startRig, type SefazRig } from './test/sefaz-rig';
import {
  removeWrittenDocuments,
  requireTools,
  SCHEMAS,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';
import { createPemSigner } from './xml-signature';

let rig: SefazRig;
const JUST = 'Venda cancelada a pedido do cliente';

beforeAll(async () => {
  requireTools();
  // The stand-in trusts the store's CA and another store's, to see 213 (certificate of another CNPJ).
  const other = testCertificates('99888777000166', 'OUTRA LOJA LTDA');
  rig = await startRig({ clientCaPem: testCertificates(SAMPLE_CNPJ).caPem + other.caPem });
});
afterAll(async () => {
  await rig.close();
  removeWrittenDocuments();
  removeTestCertificates();
});

const cancelOf = (key: string, protocol: string, sequence = 1) =>
  rig.signer.sign(
    buildCancelEvent({ key, environment: 2, cnpj: SAMPLE_CNPJ, protocol, justification: JUST, at: Date.now() + rig.skew.ms, sequence }).xml, // prettier-ignore
    'infEvento',
  );

const validAndVerified = (xml: string, schema: string) => {
  const [path] = writeDocuments([xml], 'kept');
  expect(schemaFailures([path!], schema)).toEqual([]);
  expect(verifySignature(path!, rig.certs.caPath).ok).toBe(true);
};

async function authorized(number: number) {
  const note = await rig.note(number);
  const answer = await rig.client.authorize(rig.target, note.signed, String(number));
  expect(answer.note!.cstat).toBe(100);
  return { key: note.key, protocol: answer.note!.protocol! };
}

describe('cancel (NFeRecepcaoEvento4, 110111)', () => {
  it('within the window: 135; the consulta says 101 with the event; procEventoNFe validates', async () => {
    const { key, protocol } = await authorized(401);
    const event = await cancelOf(key, protocol);
    const ret = await rig.client.sendEvent(rig.target, event, '1');
    expect(ret).toMatchObject({ cstat: 135, reason: 'Evento registrado e vinculado a NF-e' });
    expect(ret.protocol).toMatch(/^\d{15}$/);
    validAndVerified(assembleProcEvento(event, ret.xml), SCHEMAS.procEventoCanc);
    const consult = await rig.client.consult(rig.target, key);
    expect(consult).toMatchObject({ cstat: 101, reason: 'Cancelamento de NF-e homologado' });
    expect(consult.authorization!.protocol).toBe(protocol);
    expect(consult.events).toEqual([ret]);
    expect((await rig.client.sendEvent(rig.target, await cancelOf(key, protocol, 2), '2')).cstat).toBe(573);
  });

  it('outside the window (31 minutes later): 220, the note stands', async () => {
    const { key, protocol } = await authorized(402);
    rig.skew.ms += 31 * 60_000;
    try {
      const ret = await rig.client.sendEvent(rig.target, await cancelOf(key, protocol), '3');
      expect(ret).toMatchObject({ cstat: 220, reason: 'Rejeição: Prazo de Cancelamento superior ao previsto na Legislação', protocol: null }); // prettier-ignore
      expect((await rig.client.consult(rig.target, key)).cstat).toBe(100);
    } finally {
      rig.skew.ms -= 31 * 60_000;
    }
  });

  it('a wrong protocol is 222; a key never authorized is 494', async () => {
    const { key } = await authorized(403);
    expect((await rig.client.sendEvent(rig.target, await cancelOf(key, '135269999999999'), '4')).cstat).toBe(222);
    const never = (await rig.note(404)).key;
    expect((await rig.client.sendEvent(rig.target, await cancelOf(never, '135269999999999'), '5')).cstat).toBe(494);
  });
});

describe('cancel by substitution (110112, NT 2018.004)', () => {
  const HOUR = 3_600_000;
  /** The sale's note made offline at the till after note `doubtful` got no answer, authorized later. */
  async function contingencyNote(number: number) {
    const issued = Date.now() + rig.skew.ms;
    const contingency = { started_at: new Date(issued - 60_000).toISOString(), reason: 'Sem conexão com a SEFAZ' };
    const built = buildNfce(sampleNote({ number, issued_at: new Date(issued).toISOString(), contingency, qr: { version: 3 } }), seededRandom(number)); // prettier-ignore
    const signed = await signNfce(built, rig.signer);
    expect((await rig.client.authorize(rig.target, signed.xml, String(number))).note!.cstat).toBe(100);
    return built.key;
  }
  const substitutionOf = (key: string, protocol: string, replacedBy: string) =>
    rig.signer.sign(
      buildSubstitutionCancelEvent({ key, environment: 2, cnpj: SAMPLE_CNPJ, protocol, replacedBy, application: 'Balcao 0.1.0',
        justification: 'Nota substituida pela emitida em contingencia', at: Date.now() + rig.skew.ms }).xml, // prettier-ignore
      'infEvento',
    );

  it('two days after the authorization (past the 30 minutes of a cancel): 135, and the consulta says cancelled', async () => {
    const { key, protocol } = await authorized(411);
    const replacement = await contingencyNote(412);
    rig.skew.ms += 48 * HOUR;
    try {
      expect((await rig.client.sendEvent(rig.target, await cancelOf(key, protocol), '11')).cstat).toBe(220);
      const event = await substitutionOf(key, protocol, replacement);
      const ret = await rig.client.sendEvent(rig.target, event, '12');
      expect(ret).toMatchObject({ cstat: 135 });
      expect(ret.xml).toContain('<tpEvento>110112</tpEvento>');
      validAndVerified(assembleProcEvento(event, ret.xml), SCHEMAS.procEventoCancSubst);
      expect((await rig.client.consult(rig.target, key)).cstat).toBe(101);
      // The contingency note stands: the sale keeps one valid note.
      expect((await rig.client.consult(rig.target, replacement)).cstat).toBe(100);
    } finally {
      rig.skew.ms -= 48 * HOUR;
    }
  });

  it('refuses a replacement SEFAZ never authorized or not made in contingency, and anything past 168 hours', async () => {
    const { key, protocol } = await authorized(413);
    const online = await authorized(414);
    const unknown = (await rig.note(415)).key;
    expect((await rig.client.sendEvent(rig.target, await substitutionOf(key, protocol, unknown), '13')).cstat).toBe(
      494,
    );
    expect((await rig.client.sendEvent(rig.target, await substitutionOf(key, protocol, online.key), '14')).cstat).toBe(
      494,
    );
    const replacement = await contingencyNote(416);
    rig.skew.ms += 169 * HOUR;
    try {
      expect(
        (await rig.client.sendEvent(rig.target, await substitutionOf(key, protocol, replacement), '15')).cstat,
      ).toBe(220);
    } finally {
      rig.skew.ms -= 169 * HOUR;
    }
  });
});

describe('inutilização (NFeInutilizacao4)', () => {
  const inut = (first: number, last: number) =>
    rig.signer.sign(
      buildInutilization({ uf: 'SP', environment: 2, cnpj: SAMPLE_CNPJ, year: new Date().getUTCFullYear(), series: 1, first, last, justification: 'Numeros pulados por falha do caixa' }).xml, // prettier-ignore
      'infInut',
    );

  it('102 for unused numbers; ProcInutNFe validates; the same range again 563, an overlapping one 256, a used number 241, a note with an inutilized number 206', async () => {
    const signed = await inut(501, 505);
    const ret = await rig.client.inutilize(rig.target, signed);
    expect(ret).toMatchObject({ cstat: 102, reason: 'Inutilização de número homologado' });
    expect(ret.protocol).toMatch(/^\d{15}$/);
    validAndVerified(assembleProcInut(signed, ret.xml), SCHEMAS.procInutNFe);
    expect((await rig.client.inutilize(rig.target, signed)).cstat).toBe(563);
    expect((await rig.client.inutilize(rig.target, await inut(505, 506))).cstat).toBe(256);
    await authorized(510);
    expect((await rig.client.inutilize(rig.target, await inut(508, 512))).cstat).toBe(241);
    expect((await rig.client.authorize(rig.target, (await rig.note(503)).signed, '6')).note!.cstat).toBe(206);
  });
});

describe('certificate, status and addresses', () => {
  it("a note sent with another company's certificate is 213", async () => {
    const other = testCertificates('99888777000166', 'OUTRA LOJA LTDA');
    const note = await rig.note(601);
    const signed = await createPemSigner({ keyPem: other.keyPem, certPem: other.certPem }).sign(note.xml, 'infNFe');
    const answer = await rig.client.authorize({ ...rig.target, keyPem: other.keyPem, certPem: other.certPem }, signed, '7'); // prettier-ignore
    expect(answer.note).toMatchObject({ cstat: 213, reason: 'Rejeição: CNPJ-Base do Emitente difere do CNPJ-Base do Certificado Digital' }); // prettier-ignore
  });

  it('status is 107, at the official path under FISCAL_SEFAZ_URL', async () => {
    expect(await rig.client.status({ ...rig.target, uf: 'AM' })).toEqual({ cstat: 107, reason: 'Serviço em Operação' });
    const last = rig.standIn.received.at(-1)!;
    expect(last.path).toBe(new URL(nfceWebService('AM', 2, 'NfeStatusServico').url).pathname);
    expect(last.document).toContain('<cUF>13</cUF>');
  });

  it('replaces only the origin of the official address (a path prefix goes first)', () => {
    const official = nfceWebService('RS', 1, 'NfeAutorizacao').url;
    expect(serviceUrl({ uf: 'RS', environment: 1 }, 'authorize').href).toBe(official);
    const moved = serviceUrl({ uf: 'RS', environment: 1 }, 'authorize', 'https://sefaz.loja.test:8443/rig/');
    expect(moved.href).toBe(`https://sefaz.loja.test:8443/rig${new URL(official).pathname}`);
  });

  it('reads FISCAL_SEFAZ_URL and FISCAL_SEFAZ_CA, refusing what cannot work', () => {
    expect(() => parseEnv({ FISCAL_SEFAZ_URL: 'http://127.0.0.1:8080' })).toThrow(EnvError);
    const env = parseEnv({ FISCAL_SEFAZ_URL: rig.standIn.url, FISCAL_SEFAZ_CA: rig.standIn.caPath });
    expect(sefazClientOptionsFromEnv(env)).toEqual({ baseUrl: rig.standIn.url, extraCaPem: rig.standIn.caPem });
    const dir = mkdtempSync(join(tmpdir(), 'balcao-ca-'));
    try {
      writeFileSync(join(dir, 'x.pem'), 'não é um certificado');
      expect(() => sefazClientOptionsFromEnv({ FISCAL_SEFAZ_CA: join(dir, 'x.pem') })).toThrow(/não pôde ser lido/);
      expect(() => sefazClientOptionsFromEnv({ FISCAL_SEFAZ_CA: join(dir, 'nada.pem') })).toThrow(/FISCAL_SEFAZ_CA/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bundles the ICP-Brasil roots with the fingerprints written beside them', () => {
    expect(ICP_BRASIL_ROOTS.map((r) => r.name)).toEqual([
      'Autoridade Certificadora Raiz Brasileira v5',
      'Autoridade Certificadora Raiz Brasileira v10',
    ]);
    for (const root of ICP_BRASIL_ROOTS) {
      const cert = new X509Certificate(root.pem);
      expect(cert.fingerprint256).toBe(root.sha256);
      expect(cert.subject).toContain(`CN=${root.name}`);
      expect(cert.subject).toBe(cert.issuer);
      expect(cert.verify(cert.publicKey)).toBe(true);
    }
  });

  it('the stand-in refuses SOAP 1.1, a wrong action, and a client without certificate', async () => {
    const { soapEnvelope, soapContentType } = await import('./sefaz-client');
    const post = (contentType: string, withCert = true) =>
      new Promise<number>((done, fail) => {
        const tls = withCert ? { key: rig.certs.keyPem, cert: rig.certs.certPem } : {};
        const req = request(
          `${rig.standIn.url}/ws/NFeStatusServico4.asmx`,
          { method: 'POST', ca: rig.standIn.caPem, ...tls, headers: { 'Content-Type': contentType } },
          (res) => {
            // prettier-ignore
            res.resume();
            res.on('end', () => done(res.statusCode ?? 0));
          },
        );
        req.on('error', fail);
        req.end(soapEnvelope('status', '<consStatServ/>'));
      });
    expect(await post('text/xml; charset=utf-8')).toBe(400);
    expect(await post(soapContentType('consult'))).toBe(400);
    await expect(post(soapContentType('status'), false)).rejects.toThrow();
  });

  it('every answer the stand-in gave validates against the official schema', () => {
    expect(answerSchemaFailures(rig.standIn)).toEqual([]);
  });
});
