// Reading SEFAZ's answers (retEnviNFe, retConsSitNFe, retEnvEvento, retInutNFe,
// retConsStatServ) and writing the documents kept after them (nfeProc, procEventoNFe,
// ProcInutNFe). The answers are small and flat: a reader of elements by local name (any
// prefix) is enough, and it keeps the exact bytes of each protocol (protNFe, retEvento,
// retInutNFe) so the documents an accountant receives carry what SEFAZ signed or wrote.
import { NFE_NAMESPACE } from './nfce-xml';

export interface XmlElement {
  /** The element's bytes, from its start tag to its end tag. */
  outer: string;
  /** What is between its tags. */
  inner: string;
  start: number;
  end: number;
}

const NAME = '(?:[A-Za-z_][\\w.-]*:)?';

/** The first element called `name` (with or without a prefix) at or after `from`. */
export function findElement(xml: string, name: string, from = 0): XmlElement | null {
  const open = new RegExp(`<${NAME}${name}(?=[\\s/>])[^>]*?(/?)>`, 'g');
  open.lastIndex = from;
  const m = open.exec(xml);
  if (!m) return null;
  const start = m.index;
  const afterOpen = start + m[0].length;
  if (m[1] === '/') return { outer: m[0], inner: '', start, end: afterOpen };
  const close = new RegExp(`</${NAME}${name}\\s*>`, 'g');
  close.lastIndex = afterOpen;
  const c = close.exec(xml);
  if (!c) return null;
  const end = c.index + c[0].length;
  return { outer: xml.slice(start, end), inner: xml.slice(afterOpen, c.index), start, end };
}

/** Every element called `name`, in order (not nested in one another). */
export function findElements(xml: string, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  let from = 0;
  for (let e = findElement(xml, name); e; e = findElement(xml, name, from)) {
    out.push(e);
    from = e.end;
  }
  return out;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text content with its entities and character references decoded. */
export function decodeText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

/** The text of the first `name` in `xml`, leaving out what is inside the elements `skip`. */
export function childText(xml: string, name: string, skip: readonly string[] = []): string | null {
  let own = xml;
  for (const s of skip) for (const e of findElements(own, s).reverse()) own = own.slice(0, e.start) + own.slice(e.end);
  const e = findElement(own, name);
  return e ? decodeText(e.inner).trim() : null;
}

export class SefazAnswerError extends Error {
  override name = 'SefazAnswerError';
}

/** A protocol as the port gives it (src/server/fiscal/sefaz-port.ts SefazProtocol). */
export interface ProtocolRead {
  cstat: number;
  reason: string;
  protocol: string | null;
  received_at: string | null;
  xml: string;
}

function cstatOf(xml: string, skip: readonly string[] = []): { cstat: number; reason: string } {
  const cstat = childText(xml, 'cStat', skip);
  if (!cstat || !/^\d{3}$/.test(cstat)) throw new SefazAnswerError('Resposta da SEFAZ sem cStat.');
  return { cstat: Number(cstat), reason: childText(xml, 'xMotivo', skip) ?? '' };
}

/** protNFe/infProt, retEvento/infEvento or retInutNFe/infInut, with its bytes. */
export function readProtocol(element: XmlElement, when: 'dhRecbto' | 'dhRegEvento'): ProtocolRead {
  return {
    ...cstatOf(element.inner),
    protocol: childText(element.inner, 'nProt'),
    received_at: childText(element.inner, when),
    xml: element.outer,
  };
}

/** The answer element (retEnviNFe...) inside a SOAP body. */
export function answerElement(body: string, name: string): XmlElement {
  const e = findElement(body, name);
  if (!e) throw new SefazAnswerError(`A resposta da SEFAZ não tem <${name}>.`);
  return e;
}

export function readRetEnviNfe(body: string) {
  const ret = answerElement(body, 'retEnviNFe');
  const prot = findElement(ret.inner, 'protNFe');
  return {
    batch: cstatOf(ret.inner, ['protNFe', 'infRec']),
    note: prot ? readProtocol(prot, 'dhRecbto') : null,
  };
}

export function readRetConsSit(body: string) {
  const ret = answerElement(body, 'retConsSitNFe');
  const prot = findElement(ret.inner, 'protNFe');
  const events = findElements(ret.inner, 'procEventoNFe').map((proc) => {
    const r = findElement(proc.inner, 'retEvento');
    if (!r) throw new SefazAnswerError('procEventoNFe sem retEvento.');
    return readProtocol(r, 'dhRegEvento');
  });
  return {
    ...cstatOf(ret.inner, ['protNFe', 'procEventoNFe', 'retCancNFe']),
    authorization: prot ? readProtocol(prot, 'dhRecbto') : null,
    events,
  };
}

export function readRetEnvEvento(body: string) {
  const ret = answerElement(body, 'retEnvEvento');
  const event = findElement(ret.inner, 'retEvento');
  return { batch: cstatOf(ret.inner, ['retEvento']), event: event ? readProtocol(event, 'dhRegEvento') : null };
}

export function readRetInut(body: string): ProtocolRead {
  return readProtocol(answerElement(body, 'retInutNFe'), 'dhRecbto');
}

export function readRetConsStatServ(body: string): { cstat: number; reason: string } {
  return cstatOf(answerElement(body, 'retConsStatServ').inner);
}

/**
 * The key a duplicate points to: 539 ('Duplicidade de NF-e com diferença na Chave de
 * Acesso [chNFe: ...]') names the note already authorized with this number, the one to
 * consult; 204 may name it too. Null when the reason names none.
 */
export function keyInReason(reason: string): string | null {
  return /chNFe:\s*([0-9A-Z]{44})/.exec(reason)?.[1] ?? null;
}

/**
 * The protocol (nProt, 15 digits) a refusal's reason names, as some authorizers write it
 * ('... [nProt:135260000012345]') when the thing was done before; null when it names none.
 */
export function protocolInReason(reason: string): string | null {
  return /nProt:\s*(\d{15})\b/.exec(reason)?.[1] ?? null;
}

/** An element as a child of a document in the NF-e namespace: a prefixed one cannot be put there as is. */
function unprefixed(xml: string, name: string): string {
  if (!new RegExp(`^<${name}[\\s>]`).test(xml) || !xml.endsWith(`</${name}>`))
    throw new SefazAnswerError(`<${name}> deve vir como a SEFAZ o escreveu, sem prefixo.`);
  return xml;
}

/** nfeProc versão 4.00: the signed note and its authorization (protNFe), both bytes unchanged. */
export function assembleNfeProc(signedNfe: string, protNFe: string): string {
  return `<nfeProc xmlns="${NFE_NAMESPACE}" versao="4.00">${unprefixed(signedNfe, 'NFe')}${unprefixed(protNFe, 'protNFe')}</nfeProc>`;
}

/** procEventoNFe versão 1.00: the signed event and SEFAZ's retEvento. */
export function assembleProcEvento(signedEvent: string, retEvento: string): string {
  return `<procEventoNFe xmlns="${NFE_NAMESPACE}" versao="1.00">${unprefixed(signedEvent, 'evento')}${unprefixed(retEvento, 'retEvento')}</procEventoNFe>`;
}

/** ProcInutNFe versão 4.00: the signed inutNFe and SEFAZ's retInutNFe. */
export function assembleProcInut(signedInutilization: string, retInutNFe: string): string {
  return `<ProcInutNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${unprefixed(signedInutilization, 'inutNFe')}${unprefixed(retInutNFe, 'retInutNFe')}</ProcInutNFe>`;
}
