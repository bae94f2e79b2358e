// What the stand-in SEFAZ checks in a note and how it writes its answers (MOC 7.0), apart
// from the server that carries them (stand-in-sefaz.ts); the QR Code's in stand-in-sefaz-qr.ts.
// Test code: not part of the product.
// The checks are written again here, from the manual, not imported from the builder, so a
// mistake in the builder is not repeated by its judge.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { childText, findElement, findElements } from '../../../shared/fiscal/sefaz-answers';
import { localDateTime, UF_CODE, type Uf } from '../../../shared/fiscal/uf';
import { UF_BY_CODE } from '../../../shared/nfe-key';

const CSTAT_FILE = resolve(import.meta.dirname, '../../../../../shared/nfe/cstat.json');
let messages: Map<number, string> | null = null;

/** xMotivo of a cStat as the official table writes it. */
export function reasonOf(cstat: number): string {
  messages ??= new Map(
    (JSON.parse(readFileSync(CSTAT_FILE, 'utf8')) as { cod: string; msg: string }[])
      .filter((c) => /^\d+$/.test(c.cod))
      .map((c) => [Number(c.cod), c.msg]),
  );
  return messages.get(cstat) ?? `Rejeição ${cstat}`;
}

export interface Verdict {
  cstat: number;
  reason: string;
}
const reject = (cstat: number, reason = reasonOf(cstat)): Verdict => ({ cstat, reason });

const HOMOLOGACAO_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** The CNPJ in a certificate's otherName 2.16.76.1.3.3 (DER: OID 60 4C 01 03 03, then an OCTET STRING of 14). */
export function certificateCnpj(der: Buffer): string | null {
  const oid = Buffer.from([0x06, 0x05, 0x60, 0x4c, 0x01, 0x03, 0x03]);
  const at = der.indexOf(oid);
  if (at < 0) return null;
  for (let i = at + oid.length; i < at + oid.length + 8; i++)
    if (der[i] === 0x04 && der[i + 1] === 14) return der.subarray(i + 2, i + 16).toString('latin1');
  return null;
}

function keyDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cents = (value: string | null) => Math.round(Number(value ?? '0') * 100);

export interface NoteFacts {
  key: string;
  uf: Uf;
  environment: 1 | 2;
  cnpj: string;
  series: number;
  number: number;
  digest: string;
}

/** What the stand-in reads of a note (its NFe element) to check it and to find duplicates. */
export function noteFacts(nfe: string): NoteFacts {
  const inf = findElement(nfe, 'infNFe')!;
  const ide = findElement(inf.inner, 'ide')!.inner;
  const emit = findElement(inf.inner, 'emit')!.inner;
  return {
    key: /Id="NFe([0-9A-Z]{44})"/.exec(inf.outer)![1]!,
    uf: UF_BY_CODE[childText(ide, 'cUF')!] as Uf,
    environment: Number(childText(ide, 'tpAmb')) as 1 | 2,
    cnpj: childText(emit, 'CNPJ')!,
    series: Number(childText(ide, 'serie')),
    number: Number(childText(ide, 'nNF')),
    digest: childText(nfe, 'DigestValue') ?? '',
  };
}

export interface NoteCheckContext {
  /** CNPJ of the client certificate. */
  certificateCnpj: string | null;
  now: number;
  /** How far dhEmi may be from now (ms) either way; a note in offline contingency may be older. */
  emissionWindowMs: number;
}

/**
 * The first rule the note breaks, in the order the MOC checks them, before its QR Code
 * (stand-in-sefaz-qr.ts); null when it passes.
 */
export function checkNote(nfe: string, ctx: NoteCheckContext): Verdict | null {
  const facts = noteFacts(nfe);
  const { key } = facts;
  const ide = findElement(nfe, 'ide')!.inner;
  if (keyDigit(key.slice(0, 43)) !== Number(key[43]) || childText(ide, 'cDV') !== key[43]) return reject(253);
  const dhEmi = childText(ide, 'dhEmi')!;
  const expected =
    UF_CODE[facts.uf] + dhEmi.slice(2, 4) + dhEmi.slice(5, 7) + facts.cnpj + childText(ide, 'mod') +
    String(facts.series).padStart(3, '0') + String(facts.number).padStart(9, '0') + childText(ide, 'tpEmis') +
    childText(ide, 'cNF'); // prettier-ignore
  if (expected !== key.slice(0, 43)) return reject(502);
  if (!ctx.certificateCnpj || ctx.certificateCnpj.slice(0, 8) !== facts.cnpj.slice(0, 8)) return reject(213);
  const first = findElement(nfe, 'det');
  if (facts.environment === 2 && childText(first!.inner, 'xProd') !== HOMOLOGACAO_ITEM) return reject(373);
  const contingency = checkContingency(ide, ctx.now);
  if (contingency) return contingency;
  const issued = Date.parse(dhEmi);
  if (issued > ctx.now + ctx.emissionWindowMs) return reject(703);
  // A note made offline (tpEmis 9) reaches SEFAZ after the fact: only online notes are late.
  if (childText(ide, 'tpEmis') === '1' && issued < ctx.now - ctx.emissionWindowMs) return reject(704);
  const pag = findElement(nfe, 'pag')!.inner;
  const paid = findElements(pag, 'detPag').reduce((s, d) => s + cents(childText(d.inner, 'vPag')), 0);
  if (paid - cents(childText(pag, 'vTroco')) !== cents(childText(findElement(nfe, 'ICMSTot')!.inner, 'vNF')))
    return reject(767);
  return null;
}

/** tpEmis 9 carries dhCont and xJust, not after the receipt; tpEmis 1 carries neither (MOC 556, 557, 558). */
function checkContingency(ide: string, now: number): Verdict | null {
  const dhCont = childText(ide, 'dhCont');
  const xJust = childText(ide, 'xJust');
  if (childText(ide, 'tpEmis') !== '9') return dhCont || xJust ? reject(556) : null;
  if (!dhCont || !xJust) return reject(557);
  return Date.parse(dhCont) > now ? reject(558) : null;
}

// --- answers ------------------------------------------------------------------------

const NS = 'http://www.portalfiscal.inf.br/nfe';
export const STAND_IN_VERSION = 'STANDIN-1.0';
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const el = (name: string, text: string | number) => `<${name}>${esc(String(text))}</${name}>`;

/** dhRecbto/dhRegEvento in the UF's time. */
export const stamp = (now: number, uf: Uf) => localDateTime(now, uf);

export function protNfe(
  a: { environment: number; key: string; at: string; nProt: string | null; digest: string } & Verdict,
) {
  return (
    `<protNFe versao="4.00"><infProt${a.nProt ? ` Id="ID${a.nProt}"` : ''}>${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('chNFe', a.key)}${el('dhRecbto', a.at)}${a.nProt ? el('nProt', a.nProt) : ''}${a.digest ? el('digVal', a.digest) : ''}` +
    `${el('cStat', a.cstat)}${el('xMotivo', a.reason)}</infProt></protNFe>`
  );
}

export function retEnviNfe(a: { environment: number; uf: Uf; at: string; inner: string } & Verdict) {
  return (
    `<retEnviNFe xmlns="${NS}" versao="4.00">${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${el('cUF', UF_CODE[a.uf])}${el('dhRecbto', a.at)}${a.inner}</retEnviNFe>`
  );
}

export function retConsSit(a: { environment: number; uf: Uf; at: string; key: string; inner: string } & Verdict) {
  return (
    `<retConsSitNFe xmlns="${NS}" versao="4.00">${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${el('cUF', UF_CODE[a.uf])}${el('dhRecbto', a.at)}${el('chNFe', a.key)}${a.inner}</retConsSitNFe>`
  );
}

export function retEvento(
  a: { environment: number; key: string; type?: string; sequence: string; at: string; nProt: string | null } & Verdict,
) {
  const ok = a.nProt !== null;
  const type = a.type ?? '110111';
  const registered = type === '110112' ? 'Cancelamento por substituicao registrado' : 'Cancelamento registrado';
  return (
    `<retEvento versao="1.00"><infEvento${ok ? ` Id="ID${a.nProt}"` : ''}>${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cOrgao', a.key.slice(0, 2))}${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${el('chNFe', a.key)}${el('tpEvento', type)}` +
    `${ok ? el('xEvento', registered) : ''}${el('nSeqEvento', a.sequence)}${el('dhRegEvento', a.at)}` +
    `${ok ? el('nProt', a.nProt!) : ''}</infEvento></retEvento>`
  );
}

export function retEnvEvento(a: { environment: number; cOrgao: string; batchId: string; inner: string } & Verdict) {
  return (
    `<retEnvEvento xmlns="${NS}" versao="1.00">${el('idLote', a.batchId)}${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cOrgao', a.cOrgao)}${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${a.inner}</retEnvEvento>`
  );
}

export function retInut(
  a: { environment: number; uf: Uf; at: string; nProt: string | null; fields: string } & Verdict,
) {
  return (
    `<retInutNFe xmlns="${NS}" versao="4.00"><infInut>${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${el('cUF', UF_CODE[a.uf])}${a.fields}${el('dhRecbto', a.at)}` +
    `${a.nProt ? el('nProt', a.nProt) : ''}</infInut></retInutNFe>`
  );
}

export function retConsStatServ(a: { environment: number; uf: Uf; at: string } & Verdict) {
  return (
    `<retConsStatServ xmlns="${NS}" versao="4.00">${el('tpAmb', a.environment)}${el('verAplic', STAND_IN_VERSION)}` +
    `${el('cStat', a.cstat)}${el('xMotivo', a.reason)}${el('cUF', UF_CODE[a.uf])}${el('dhRecbto', a.at)}${a.cstat === 107 ? el('tMed', 1) : ''}</retConsStatServ>`
  );
}
