// The requests the NFC-e sends to SEFAZ besides the note itself, written like the note
// (nfce-xml.ts): no whitespace between tags, only the default namespace, attributes in
// canonical order, text escaped as C14N escapes it, so the signer (xml-dsig.ts:
// signer.sign(xml, 'infEvento' | 'infInut')) signs them as written.
// - enviNFe (NFeAutorizacao4): one signed NFe, indSinc 1 (answer in the same call);
// - evento 110111 'Cancelamento' and 110112 'Cancelamento por substituição' (NFeRecepcaoEvento4)
//   and their envEvento wrapper;
// - inutNFe (NFeInutilizacao4): a range of numbers never used;
// - consSitNFe (NFeConsultaProtocolo4) and consStatServ (NFeStatusServico4), unsigned.
import { stripDocument } from '../documents';
import { isValidNfeKey, UF_BY_CODE } from '../nfe-key';
import { NFCE_MODEL, NUMBER_MAX, SERIES_MAX } from './access-key';
import { NFE_NAMESPACE } from './nfce-xml';
import type { Environment } from './sefaz';
import { fiscalText, tag } from './text';
import { localDateTime, UF_CODE, type Uf } from './uf';

export const EVENT_VERSION = '1.00';
export const CANCEL_EVENT_TYPE = '110111';
export const CANCEL_DESCRIPTION = 'Cancelamento';
export const SUBSTITUTION_CANCEL_EVENT_TYPE = '110112';
export const SUBSTITUTION_CANCEL_DESCRIPTION = 'Cancelamento por substituicao';
/** The justification of a cancel or an inutilização, as the schema's TJust admits. */
export const JUSTIFICATION_MIN = 15;
export const JUSTIFICATION_MAX = 255;

export class SefazMessageError extends Error {
  override name = 'SefazMessageError';
  constructor(readonly problems: readonly string[]) {
    super(problems.join(' '));
  }
}

const fail = (problems: string[]) => {
  if (problems.length) throw new SefazMessageError(problems);
};

function batchProblems(batchId: string): string[] {
  return /^[0-9]{1,15}$/.test(batchId) ? [] : ['O número do lote (idLote) deve ter de 1 a 15 dígitos.'];
}

function justificationOf(text: string, problems: string[]): string {
  const just = fiscalText(text, JUSTIFICATION_MAX);
  if (just.length < JUSTIFICATION_MIN)
    problems.push(`A justificativa deve ter de ${JUSTIFICATION_MIN} a ${JUSTIFICATION_MAX} caracteres.`);
  return just;
}

function keyProblems(key: string): string[] {
  return isValidNfeKey(key) ? [] : ['A chave de acesso é inválida (44 caracteres com o dígito verificador certo).'];
}

const cnpjProblems = (cnpj: string) => (/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) ? [] : ['O CNPJ do emitente é inválido.']);

/** The UF a key belongs to (its first two digits). */
export function ufOfKey(key: string): Uf {
  const uf = UF_BY_CODE[key.slice(0, 2)];
  if (!uf) throw new SefazMessageError(['A chave de acesso não começa pelo código de uma UF.']);
  return uf as Uf;
}

/** enviNFe versão 4.00 with the one signed <NFe>, its bytes unchanged. */
export function buildEnviNfe(signedNfe: string, batchId: string): string {
  const problems = batchProblems(batchId);
  if (!signedNfe.startsWith(`<NFe xmlns="${NFE_NAMESPACE}">`) || !signedNfe.endsWith('</Signature></NFe>'))
    problems.push('A NFC-e deve vir assinada, sem declaração XML, como o Balcão a escreve.');
  fail(problems);
  return `<enviNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${tag('idLote', batchId)}${tag('indSinc', '1')}${signedNfe}</enviNFe>`;
}

export interface CancelEventInput {
  key: string;
  environment: Environment;
  /** The emitter's CNPJ (the author of the event), punctuation allowed. */
  cnpj: string;
  /** nProt of the note's authorization. */
  protocol: string;
  justification: string;
  /** When the event happens (written in the UF's legal time). */
  at: string | number | Date;
  /** nSeqEvento, 1 for the first cancel request. */
  sequence?: number;
}

export interface BuiltMessage {
  /** The Id of the signed element (infEvento, infInut). */
  id: string;
  /** The unsigned document. */
  xml: string;
}

/** The checks and the envelope every event of a note shares; `details` goes inside detEvento. */
function eventOf(type: string, input: CancelEventInput, details: (problems: string[]) => string): BuiltMessage {
  const problems = keyProblems(input.key);
  const cnpj = stripDocument(input.cnpj);
  problems.push(...cnpjProblems(cnpj));
  const sequence = input.sequence ?? 1;
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 20)
    problems.push('O número de sequência do evento deve ser de 1 a 20.');
  if (!/^([0-9]{15}|[0-9]{17})$/.test(input.protocol))
    problems.push('O protocolo de autorização (nProt) deve ter 15 ou 17 dígitos.');
  const detail = details(problems);
  fail(problems);
  const uf = ufOfKey(input.key);
  const id = `ID${type}${input.key}${String(sequence).padStart(2, '0')}`;
  const xml =
    `<evento xmlns="${NFE_NAMESPACE}" versao="${EVENT_VERSION}"><infEvento Id="${id}">` +
    tag('cOrgao', input.key.slice(0, 2)) +
    tag('tpAmb', String(input.environment)) +
    tag('CNPJ', cnpj) +
    tag('chNFe', input.key) +
    tag('dhEvento', localDateTime(input.at, uf)) +
    tag('tpEvento', type) +
    tag('nSeqEvento', String(sequence)) +
    tag('verEvento', EVENT_VERSION) +
    `<detEvento versao="${EVENT_VERSION}">${detail}</detEvento></infEvento></evento>`;
  return { id, xml };
}

/** The event 110111 (evento versão 1.00), unsigned: sign its 'infEvento'. */
export function buildCancelEvent(input: CancelEventInput): BuiltMessage {
  return eventOf(CANCEL_EVENT_TYPE, input, (problems) => {
    const just = justificationOf(input.justification, problems);
    return tag('descEvento', CANCEL_DESCRIPTION) + tag('nProt', input.protocol) + tag('xJust', just);
  });
}

export interface SubstitutionCancelInput extends CancelEventInput {
  /** chNFeRef: the note issued in its place (the contingency note of the same sale). */
  replacedBy: string;
  /** verAplic: the application writing the event (1 to 20 characters). */
  application: string;
}

/**
 * The event 110112 'Cancelamento por substituição' (NT 2018.004), unsigned: an NFC-e
 * authorized although its sale got another note in contingency (the online attempt had no
 * answer) is cancelled by naming the note that replaced it, past the cancel window too.
 */
export function buildSubstitutionCancelEvent(input: SubstitutionCancelInput): BuiltMessage {
  return eventOf(SUBSTITUTION_CANCEL_EVENT_TYPE, input, (problems) => {
    if (!isValidNfeKey(input.replacedBy))
      problems.push('A chave da nota substituta é inválida (44 caracteres com o dígito verificador certo).');
    else if (input.replacedBy === input.key) problems.push('A nota substituta deve ser outra nota.');
    else if (input.replacedBy.slice(6, 20) !== input.key.slice(6, 20))
      problems.push('A nota substituta deve ser do mesmo emitente.');
    const application = fiscalText(input.application, 20);
    if (!application) problems.push('Informe a versão do aplicativo (verAplic).');
    const just = justificationOf(input.justification, problems);
    return (
      tag('descEvento', SUBSTITUTION_CANCEL_DESCRIPTION) +
      tag('cOrgaoAutor', input.key.slice(0, 2)) +
      tag('tpAutor', '1') +
      tag('verAplic', application) +
      tag('nProt', input.protocol) +
      tag('xJust', just) +
      tag('chNFeRef', input.replacedBy)
    );
  });
}

/** envEvento versão 1.00 with the signed <evento>s (1 to 20), their bytes unchanged. */
export function wrapEvents(signedEvents: readonly string[], batchId: string): string {
  const problems = batchProblems(batchId);
  if (signedEvents.length < 1 || signedEvents.length > 20) problems.push('Um lote de eventos tem de 1 a 20 eventos.');
  if (
    signedEvents.some((e) => !e.startsWith(`<evento xmlns="${NFE_NAMESPACE}"`) || !e.endsWith('</Signature></evento>'))
  )
    problems.push('Cada evento deve vir assinado, sem declaração XML.');
  fail(problems);
  return `<envEvento xmlns="${NFE_NAMESPACE}" versao="${EVENT_VERSION}">${tag('idLote', batchId)}${signedEvents.join('')}</envEvento>`;
}

export interface InutilizationInput {
  uf: Uf;
  environment: Environment;
  cnpj: string;
  /** The year of the numbers (four digits or two). */
  year: number;
  series: number;
  first: number;
  last: number;
  justification: string;
}

/** inutNFe versão 4.00 of the NFC-e (mod 65), unsigned: sign its 'infInut'. */
export function buildInutilization(input: InutilizationInput): BuiltMessage {
  const cnpj = stripDocument(input.cnpj);
  const problems = cnpjProblems(cnpj);
  const { series, first, last } = input;
  if (!Number.isInteger(series) || series < 0 || series > SERIES_MAX) problems.push('A série deve ser de 0 a 999.');
  if (![first, last].every((n) => Number.isInteger(n) && n >= 1 && n <= NUMBER_MAX))
    problems.push('Os números devem ser de 1 a 999.999.999.');
  else if (first > last) problems.push('O número inicial não pode ser maior que o final.');
  if (!Number.isInteger(input.year) || input.year < 0 || input.year > 9999) problems.push('O ano é inválido.');
  const just = justificationOf(input.justification, problems);
  fail(problems);
  const cUF = UF_CODE[input.uf];
  const year = String(input.year % 100).padStart(2, '0');
  const id = `ID${cUF}${year}${cnpj}${NFCE_MODEL}${String(series).padStart(3, '0')}${String(first).padStart(9, '0')}${String(last).padStart(9, '0')}`;
  const xml =
    `<inutNFe xmlns="${NFE_NAMESPACE}" versao="4.00"><infInut Id="${id}">` +
    tag('tpAmb', String(input.environment)) +
    tag('xServ', 'INUTILIZAR') +
    tag('cUF', cUF) +
    tag('ano', year) +
    tag('CNPJ', cnpj) +
    tag('mod', NFCE_MODEL) +
    tag('serie', String(series)) +
    tag('nNFIni', String(first)) +
    tag('nNFFin', String(last)) +
    tag('xJust', just) +
    '</infInut></inutNFe>';
  return { id, xml };
}

/** consSitNFe versão 4.00: what SEFAZ knows of a key. */
export function buildConsSit(key: string, environment: Environment): string {
  fail(keyProblems(key));
  return `<consSitNFe xmlns="${NFE_NAMESPACE}" versao="4.00">${tag('tpAmb', String(environment))}${tag('xServ', 'CONSULTAR')}${tag('chNFe', key)}</consSitNFe>`;
}

/** consStatServ versão 4.00: is the state's service up. */
export function buildConsStatServ(uf: Uf, environment: Environment): string {
  return `<consStatServ xmlns="${NFE_NAMESPACE}" versao="4.00">${tag('tpAmb', String(environment))}${tag('cUF', UF_CODE[uf])}${tag('xServ', 'STATUS')}</consStatServ>`;
}
