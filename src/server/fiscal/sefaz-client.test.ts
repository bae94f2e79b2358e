// The SEFAZ client against the stand-in SEFAZ (mutual TLS on loopback, SOAP 1.2, the
// official schemas and xmlsec1 on every request): authorization, rejections, a duplicate
// recovered by consulta, and the faults (no answer, 5xx, delay). Every answer the stand-in
// gave and every document assembled is validated against its official schema.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assembleNfeProc, keyInReason } from '../../shared/fiscal/sefaz-answers';
import { HOMOLOGACAO_FIRST_ITEM } from '../../shared/fiscal/nfce-xml';
import { removeTestCertificates } from './test/certificates';
import { answerSchemaFailures, startRig, type SefazRig } from './test/sefaz-rig';
import {
  removeWrittenDocuments,
  requireTools,
  SCHEMAS,
  schemaFailures,
  verifySignature,
  writeDocuments,
} from './test/xml-tools';
import { SefazUnreachable } from './sefaz-port';

let rig: SefazRig;

beforeAll(async () => {
  requireTools();
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
  removeWrittenDocuments();
  removeTestCertificates();
});

const unreachable = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SefazUnreachable);
  return error as SefazUnreachable;
};

describe('authorization (NFeAutorizacao4)', () => {
  it('authorizes a note (104/100); its nfeProc validates and its signature still verifies', async () => {
    const note = await rig.note(101);
    const answer = await rig.client.authorize(rig.target, note.signed, '1');
    expect(answer.batch_cstat).toBe(104);
    expect(answer.batch_reason).toBe('Lote processado');
    expect(answer.note).toMatchObject({ cstat: 100, reason: 'Autorizado o uso da NF-e' });
    expect(answer.note!.protocol).toMatch(/^135\d{12}$/);
    expect(answer.note!.received_at).toMatch(/-03:00$/);
    expect(answer.note!.xml).toMatch(
      new RegExp(`^<protNFe versao="4.00"><infProt Id="ID\\d{15}">.*<chNFe>${note.key}</chNFe>`),
    );
    const [path] = writeDocuments([assembleNfeProc(note.signed, answer.note!.xml)], 'nfeProc');
    expect(schemaFailures([path!], SCHEMAS.procNFe)).toEqual([]);
    expect(verifySignature(path!, rig.certs.caPath).ok).toBe(true);
    expect(rig.standIn.authorizations(note.key)).toBe(1);
  });

  it('shows each rejection with its code and reason', async () => {
    const late = await rig.note(102, { issued_at: new Date(Date.now() - 10 * 60_000).toISOString() });
    const otherCsc = await rig.note(103, {
      qr: { version: 2, csc_id: '000001', csc: 'OUTRO0CSC0QUE0A0SEFAZ0NAO0TEM0000' },
    });
    const firstItem = await rig.note(104, {}, (xml) => xml.replace(HOMOLOGACAO_FIRST_ITEM, 'Cafe torrado'));
    const tampered = (await rig.note(105)).signed.replace('<vNF>', '<vNF>1');
    const future = await rig.note(109, { issued_at: new Date(Date.now() + 10 * 60_000).toISOString() });
    // Changed before signing: the signature is good, the content is not.
    const change = await rig.note(110, { payments: [{ method: 'cash', amount: 10_000 }] }, (xml) => xml.replace(/<vTroco>[^<]+</, '<vTroco>0.01<')); // prettier-ignore
    const wrongKey = await rig.note(111, {}, (xml) => xml.replace(/<cNF>\d{8}<\/cNF>/, '<cNF>13572468</cNF>'));
    const cases = [
      [late.signed, 704, 'Rejeição: NFC-e com Data-Hora de emissão atrasada'],
      [otherCsc.signed, 464, 'Código de Hash no QR-Code difere do calculado'],
      [firstItem.signed, 373, 'Descricao do primeiro item diferente de NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL'],
      [tampered, 297, 'Rejeição: Assinatura difere do calculado'],
      [future.signed, 703, 'Rejeição: Data-Hora de Emissão posterior ao horário de recebimento'],
      [change.signed, 767, 'Rejeição: NFC-e com somatório dos pagamentos diferente do total da Nota Fiscal'],
      [wrongKey.signed, 502, 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes'],
    ] as const; // prettier-ignore
    for (const [signed, cstat, reason] of cases) {
      const answer = await rig.client.authorize(rig.target, signed, '2');
      expect(answer.batch_cstat).toBe(104);
      expect(answer.note).toMatchObject({ cstat, reason, protocol: null });
    }
  });

  it('answers 204 to a note sent again, and the consulta recovers its authorization', async () => {
    const note = await rig.note(106);
    const first = await rig.client.authorize(rig.target, note.signed, '3');
    const again = await rig.client.authorize(rig.target, note.signed, '4');
    expect(again.note!.cstat).toBe(204);
    expect(again.note!.reason).toContain(`[nProt:${first.note!.protocol}]`);
    const consult = await rig.client.consult(rig.target, note.key);
    expect(consult).toMatchObject({ cstat: 100, reason: 'Autorizado o uso da NF-e', events: [] });
    expect(consult.authorization).toMatchObject({ cstat: 100, protocol: first.note!.protocol });
    expect(consult.authorization!.xml).toBe(first.note!.xml);
    expect(rig.standIn.authorizations(note.key)).toBe(1);
  });

  it('answers 539 to another key with the same number and series', async () => {
    const first = await rig.note(107);
    const other = await rig.note(107); // another cNF, so another key
    expect(other.key).not.toBe(first.key);
    await rig.client.authorize(rig.target, first.signed, '5');
    const answer = await rig.client.authorize(rig.target, other.signed, '6');
    expect(answer.note!.cstat).toBe(539);
    expect(keyInReason(answer.note!.reason)).toBe(first.key);
    expect((await rig.client.consult(rig.target, first.key)).cstat).toBe(100);
  });

  it('a consulta of a key SEFAZ never saw is 217', async () => {
    const never = await rig.note(108);
    expect(await rig.client.consult(rig.target, never.key)).toMatchObject({ cstat: 217, authorization: null });
  });
});

describe('faults', () => {
  it('no answer: SefazUnreachable timeout; the consulta then tells whether SEFAZ kept the note', async () => {
    const lost = await rig.note(201);
    rig.standIn.faults.next({ kind: 'no-answer' });
    const error = await unreachable(rig.client.authorize({ ...rig.target, timeoutMs: 300 }, lost.signed, '7'));
    expect(error.cause_kind).toBe('timeout');
    expect((await rig.client.consult(rig.target, lost.key)).cstat).toBe(217);

    const kept = await rig.note(202);
    rig.standIn.faults.next({ kind: 'no-answer', processFirst: true });
    expect((await unreachable(rig.client.authorize({ ...rig.target, timeoutMs: 300 }, kept.signed, '8'))).cause_kind).toBe('timeout'); // prettier-ignore
    // The client gave up at 300 ms; SEFAZ (the stand-in: xmllint and xmlsec1 on the request)
    // may still be working on the note, and a consulta before it is done would say 217.
    await vi.waitFor(() => expect(rig.standIn.authorizations(kept.key)).toBe(1), { timeout: 15_000 });
    expect((await rig.client.consult(rig.target, kept.key)).cstat).toBe(100);
    expect(rig.standIn.authorizations(kept.key)).toBe(1);
  });

  it('5xx: SefazUnreachable http, nothing done', async () => {
    const note = await rig.note(203);
    rig.standIn.faults.next({ kind: 'http', status: 503 }, { service: 'authorize' });
    const error = await unreachable(rig.client.authorize(rig.target, note.signed, '9'));
    expect(error.cause_kind).toBe('http');
    expect(error.message).toContain('503');
    expect((await rig.client.authorize(rig.target, note.signed, '10')).note!.cstat).toBe(100);
  });

  it('a delay within the time limit is waited for; a forced rejection is answered', async () => {
    rig.standIn.faults.next({ kind: 'delay', ms: 250 });
    const started = Date.now();
    expect(await rig.client.status(rig.target)).toEqual({ cstat: 107, reason: 'Serviço em Operação' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    rig.standIn.faults.next({ kind: 'reject', cstat: 999 }, { service: 'authorize' });
    const answer = await rig.client.authorize(rig.target, (await rig.note(204)).signed, '11');
    expect(answer.note).toMatchObject({ cstat: 999, protocol: null });
  });

  it('a server not trusted (no extra CA) or not listening: SefazUnreachable network', async () => {
    const { createSefazClient } = await import('./sefaz-client');
    const untrusting = createSefazClient({ baseUrl: rig.standIn.url });
    expect((await unreachable(untrusting.status(rig.target))).cause_kind).toBe('network');
    untrusting.close();
    const nowhere = createSefazClient({ baseUrl: 'https://127.0.0.1:9', extraCaPem: rig.standIn.caPem });
    expect((await unreachable(nowhere.status(rig.target))).cause_kind).toBe('network');
    nowhere.close();
  });
});

describe('the stand-in itself', () => {
  it('every answer it gave validates against the official schema', () => {
    expect(rig.standIn.received.length).toBeGreaterThan(15);
    expect(answerSchemaFailures(rig.standIn)).toEqual([]);
  });
});
