// A supplier's NF-e (layout 4.00) read from its XML text into what the goods-in screen
// needs: the key, the supplier, the lines (with quantities and costs exact) and the
// duplicatas. Root nfeProc (with protNFe) or NFe; the NF-e namespace with or without a
// prefix; the Signature ignored. Refused with a reason and a pt-BR sentence
// (NfeParseError): over 5 MB, not XML, broken XML, a DTD or entity, not an NF-e, a key
// whose check digit is wrong or that does not match the note, a required field missing
// or malformed. Nothing here reaches outside the text (xml-tree.ts).
import type { NfeDeclaredPayment } from '../../shared/contract';
import { normalizeGtin, isValidGtin } from '../../shared/gtin';
import { NFE_KEY_MESSAGES, normalizeNfeKey, parseNfeKey } from '../../shared/nfe-key';
import { NFE_MAX_BYTES, NFE_MESSAGES, NfeParseError } from './nfe-errors';
import {
  centavosText,
  dateText,
  decimalText,
  integerText,
  optionalText,
  requiredText,
  timestampText,
  type FieldRef,
} from './nfe-values';
import { lineExtras, type NfeLineExtras } from './nfe-line-costs';
import { notePayments } from './nfe-payments';
import { XmlTreeError, at, child, children, parseXmlTree, type XmlElement } from './xml-tree';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
/** Protocol statuses of an NF-e in force: 100 authorised, 150 authorised late. */
const AUTHORISED_STATUS = [100, 150];

export interface NfeParty {
  cnpj: string | null;
  cpf: string | null;
  name: string | null;
}

export interface NfeLine {
  /** det/@nItem */
  item_number: number;
  /** The supplier's own code (cProd). */
  supplier_code: string;
  /**
   * The item's barcode: cEAN as a valid GTIN; when cEAN is none or not a valid GTIN (a
   * supplier's typo) and the item is taxed in the unit it is sold in, cEANTrib, which is
   * then the same item's code. Null when neither (an invalid one: a warning).
   */
  ean: string | null;
  /** cEANTrib, the same way. */
  ean_tax: string | null;
  description: string;
  ncm: string;
  /** prod/CEST when it is 7 digits (goods under ST), else null. */
  cest: string | null;
  /** The origem this store resells it with (fiscalOf: the supplier's imposto/ICMS/orig), or null. */
  origin: number | null;
  cfop: string;
  /** uCom: the unit the supplier sold in ('CX', 'UN', 'KG'...). */
  unit: string;
  /** qCom: decimal text, up to 4 places ('12', '2.5'). */
  quantity: string;
  /** vUnCom: decimal text in reais, up to 10 places. */
  unit_cost: string;
  /** vProd in centavos. */
  total_cents: number;
  /** uTrib: the taxable unit ('UN' when a box is taxed by the unit). */
  tax_unit: string;
  /** qTrib: decimal text, up to 4 places. */
  tax_quantity: string;
  /** vUnTrib: decimal text in reais, up to 10 places. */
  tax_unit_cost: string;
  /** What the store pays on top of vProd, or off it (nfe-line-costs.ts). */
  extras: NfeLineExtras;
}

export interface NfeDuplicata {
  /** nDup (optional in the layout). */
  number: string | null;
  /** dVenc, 'YYYY-MM-DD' (optional in the layout). */
  due_date: string | null;
  amount_cents: number;
}

export interface NfeAuthorization {
  protocol: string | null;
  received_at: string | null;
  status_code: number | null;
  status: string | null;
}

export interface NfeDocument {
  access_key: string;
  version: string | null;
  number: number;
  series: number;
  /** ide/dhEmi as ISO UTC. */
  issued_at: string;
  supplier: NfeParty & { name: string };
  recipient: NfeParty;
  /** total/ICMSTot/vNF in centavos. */
  total_cents: number;
  lines: NfeLine[];
  duplicatas: NfeDuplicata[];
  /** pag/detPag: how the note says it is paid. */
  payments: NfeDeclaredPayment[];
  /** From protNFe; null for a bare NFe. */
  authorization: NfeAuthorization | null;
  /** What the admin should know but does not stop the import (pt-BR sentences). */
  warnings: string[];
}

const inNfeNamespace = (element: XmlElement) => element.uri === NFE_NAMESPACE || element.uri === '';

function notNfe(message: string = NFE_MESSAGES.notNfe): NfeParseError {
  return new NfeParseError('NOT_NFE', message);
}

/** The XML tree of the text, or the refusal for its size, its DTD or its syntax. */
function tree(xml: string): XmlElement {
  // Every character is at least one byte: the length alone may already say too large.
  if (xml.length > NFE_MAX_BYTES || Buffer.byteLength(xml, 'utf8') > NFE_MAX_BYTES) {
    throw new NfeParseError('TOO_LARGE', NFE_MESSAGES.tooLarge);
  }
  try {
    return parseXmlTree(xml);
  } catch (error) {
    if (!(error instanceof XmlTreeError)) throw error;
    const failure = error.failure;
    if (failure.reason === 'DTD') throw new NfeParseError('DTD', NFE_MESSAGES.dtd);
    if (failure.reason === 'NOT_XML') throw new NfeParseError('NOT_XML', NFE_MESSAGES.notXml);
    throw new NfeParseError('BROKEN_XML', NFE_MESSAGES.brokenXml(failure.line, failure.column));
  }
}

function party(element: XmlElement | undefined): NfeParty {
  return {
    cnpj: optionalText(child(element, 'CNPJ')),
    cpf: optionalText(child(element, 'CPF')),
    name: optionalText(child(element, 'xNome')),
  };
}

/** A GTIN field: null for none; what is written but is not a valid GTIN apart. */
function gtinOf(element: XmlElement | undefined): { gtin: string | null; invalid: string | null } {
  const gtin = normalizeGtin(element?.text);
  if (gtin === null || isValidGtin(gtin)) return { gtin, invalid: null };
  return { gtin: null, invalid: gtin.slice(0, 20) };
}

const notGtin = (item: number, code: string, then: string) =>
  `Item ${item}: o código de barras "${code}" não é um GTIN válido ${then}`;

/** The line's barcodes: cEAN, else cEANTrib when the item is taxed in the unit it is sold in. */
function barcodes(prod: XmlElement | undefined, item: number, warnings: string[]) {
  const ean = gtinOf(child(prod, 'cEAN'));
  const tax = gtinOf(child(prod, 'cEANTrib'));
  const sameUnit =
    optionalText(child(prod, 'uCom'))?.toUpperCase() === optionalText(child(prod, 'uTrib'))?.toUpperCase();
  const fromTax = ean.gtin === null && sameUnit ? tax.gtin : null;
  if (ean.invalid !== null) {
    warnings.push(
      notGtin(item, ean.invalid, fromTax ? `e foi trocado pelo do cEANTrib (${fromTax}).` : 'e foi ignorado.'),
    );
  }
  if (tax.invalid !== null && tax.invalid !== ean.invalid) warnings.push(notGtin(item, tax.invalid, 'e foi ignorado.'));
  return { ean: ean.gtin ?? fromTax, ean_tax: tax.gtin };
}

/**
 * What the supplier's line says of the goods for this store's own notes: CEST, and the
 * origem it resells them with. Goods the supplier imported itself (1, 6) are, to whoever
 * buys them from it, foreign goods bought in the domestic market (2, 7).
 */
function fiscalOf(det: XmlElement): { cest: string | null; origin: number | null } {
  const cest = optionalText(child(child(det, 'prod'), 'CEST'));
  const orig = optionalText(child(child(child(det, 'imposto'), 'ICMS')?.children[0], 'orig'));
  const supplied = orig !== null && /^[0-8]$/.test(orig) ? Number(orig) : null;
  const resold = supplied === 1 ? 2 : supplied === 6 ? 7 : supplied;
  return { cest: cest !== null && /^\d{7}$/.test(cest) ? cest : null, origin: resold };
}

function line(det: XmlElement, warnings: string[]): NfeLine {
  const item = integerText(det.attrs.nItem ?? '', { path: 'det/@nItem' });
  const prod = child(det, 'prod');
  const text = (name: string) => requiredText(child(prod, name), { path: `prod/${name}`, item });
  const ref = (name: string): FieldRef => ({ path: `prod/${name}`, item });
  return {
    item_number: item,
    supplier_code: text('cProd'),
    ...barcodes(prod, item, warnings),
    description: text('xProd'),
    ncm: text('NCM'),
    ...fiscalOf(det),
    cfop: text('CFOP'),
    unit: text('uCom'),
    quantity: decimalText(text('qCom'), 4, ref('qCom')),
    unit_cost: decimalText(text('vUnCom'), 10, ref('vUnCom')),
    total_cents: centavosText(text('vProd'), ref('vProd')),
    tax_unit: text('uTrib'),
    tax_quantity: decimalText(text('qTrib'), 4, ref('qTrib')),
    tax_unit_cost: decimalText(text('vUnTrib'), 10, ref('vUnTrib')),
    extras: lineExtras(det, item),
  };
}

function duplicata(dup: XmlElement): NfeDuplicata {
  const dVenc = optionalText(child(dup, 'dVenc'));
  return {
    number: optionalText(child(dup, 'nDup')),
    due_date: dVenc === null ? null : dateText(dVenc, { path: 'cobr/dup/dVenc' }),
    amount_cents: centavosText(requiredText(child(dup, 'vDup'), { path: 'cobr/dup/vDup' }), { path: 'cobr/dup/vDup' }),
  };
}

function authorization(protNFe: XmlElement | undefined, key: string, warnings: string[]): NfeAuthorization | null {
  if (!protNFe) return null;
  const infProt = child(protNFe, 'infProt');
  const cStat = optionalText(child(infProt, 'cStat'));
  const received = optionalText(child(infProt, 'dhRecbto'));
  const result: NfeAuthorization = {
    protocol: optionalText(child(infProt, 'nProt')),
    received_at: received === null ? null : timestampText(received, { path: 'protNFe/infProt/dhRecbto' }),
    status_code: cStat === null ? null : integerText(cStat, { path: 'protNFe/infProt/cStat' }),
    status: optionalText(child(infProt, 'xMotivo')),
  };
  const protocolKey = optionalText(child(infProt, 'chNFe'));
  if (protocolKey !== null && normalizeNfeKey(protocolKey) !== key) {
    warnings.push('O protocolo de autorização é de outra chave de acesso.');
  }
  if (result.status_code !== null && !AUTHORISED_STATUS.includes(result.status_code)) {
    warnings.push(
      `A NF-e não consta como autorizada no protocolo (${result.status_code}: ${result.status ?? 'sem motivo'}).`,
    );
  }
  return result;
}

/** The NF-e in `xml`; throws NfeParseError (a 400 VALIDATION) saying why it is refused. */
export function parseNfe(xml: string): NfeDocument {
  const root = tree(xml);
  if (!inNfeNamespace(root)) throw notNfe();
  const nfe = root.name === 'nfeProc' ? child(root, 'NFe') : root.name === 'NFe' ? root : undefined;
  const infNFe = child(nfe, 'infNFe');
  if (!nfe || !infNFe || !inNfeNamespace(nfe)) throw notNfe();

  const ide = child(infNFe, 'ide');
  const model = optionalText(child(ide, 'mod'));
  if (model === '65') throw notNfe(NFE_MESSAGES.nfce);
  if (model !== null && model !== '55') throw notNfe();

  const id = infNFe.attrs.Id;
  if (!id) throw new NfeParseError('MISSING_FIELD', NFE_MESSAGES.missing('infNFe/@Id'), 'infNFe/@Id');
  const key = parseNfeKey(id);
  if (!key.ok)
    throw new NfeParseError(
      'WRONG_KEY',
      key.message === NFE_KEY_MESSAGES.format ? key.message : NFE_KEY_MESSAGES.checkDigit,
    );

  const number = integerText(requiredText(child(ide, 'nNF'), { path: 'ide/nNF' }), { path: 'ide/nNF' });
  const series = integerText(requiredText(child(ide, 'serie'), { path: 'ide/serie' }), { path: 'ide/serie' });
  if (key.parts.number !== number || key.parts.series !== series || key.parts.model !== (model ?? '55')) {
    throw new NfeParseError('WRONG_KEY', NFE_MESSAGES.keyMismatch);
  }

  const emit = child(infNFe, 'emit');
  const supplier = party(emit);
  if (!supplier.cnpj && !supplier.cpf)
    throw new NfeParseError('MISSING_FIELD', NFE_MESSAGES.missing('emit/CNPJ'), 'emit/CNPJ');
  const supplierName = requiredText(child(emit, 'xNome'), { path: 'emit/xNome' });

  const dets = children(infNFe, 'det');
  if (dets.length === 0) throw new NfeParseError('MISSING_FIELD', NFE_MESSAGES.missing('det'), 'det');
  const warnings: string[] = [];
  const lines = dets.map((det) => line(det, warnings));
  const vNF = { path: 'total/ICMSTot/vNF' };

  return {
    access_key: key.key,
    version: infNFe.attrs.versao ?? null,
    number,
    series,
    issued_at: timestampText(requiredText(child(ide, 'dhEmi'), { path: 'ide/dhEmi' }), { path: 'ide/dhEmi' }),
    supplier: { ...supplier, name: supplierName },
    recipient: party(child(infNFe, 'dest')),
    total_cents: centavosText(requiredText(at(infNFe, vNF.path), vNF), vNF),
    lines,
    duplicatas: children(at(infNFe, 'cobr'), 'dup').map(duplicata),
    payments: notePayments(child(infNFe, 'pag')),
    authorization: authorization(child(root, 'protNFe'), key.key, warnings),
    warnings,
  };
}
