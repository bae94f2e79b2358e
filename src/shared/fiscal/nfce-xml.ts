// The NFC-e (modelo 65, layout 4.00) of a sale: one pure function from the note to the
// document's bytes, the same on the server and in the browser. The same note (number,
// time, cNF or random source) gives the same bytes. The document is written as the
// canonical form (text.ts), unsigned. Online (tpEmis 1) it ends with infNFeSupl and the
// signer adds the Signature after it; in offline contingency (tpEmis 9) the QR Code needs
// the signature, so the document is infNFe alone and nfce-sign.ts finishes it.
import { fiscalGtin } from '../gtin';
import { stripDocument } from '../documents';
import { buildAccessKey, drawNumericCode, isUsableNumericCode } from './access-key';
import { CONTINGENCY_REASON_MAX, NfceBuildError, nfceProblems } from './nfce-check';
import type { NfceItem, NfceNote } from './nfce-note';
import { nfceTotals, paid, type NfceLineAmounts, type NfceTotals } from './nfce-totals';
import { NFCE_PAYMENT_CODES } from './payment-codes';
import { qrCodeText, type OfflineQrInput } from './qr-code';
import { nfceAddresses } from './sefaz';
import { decimal2, decimal4, digitsOnly, fiscalText, quantityE4, tag } from './text';
import { localDateTime, UF_CODE } from './uf';

export const NFE_NAMESPACE = 'http://www.portalfiscal.inf.br/nfe';
export const NFE_LAYOUT_VERSION = '4.00';
/** What the first item is called in homologação, as the state requires. */
export const HOMOLOGACAO_FIRST_ITEM = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
/**
 * The consumer's name in homologação when one is given: the text the states require of an
 * NF-e's recipient there (a name not written as such is refused), harmless on an NFC-e.
 */
export const HOMOLOGACAO_CUSTOMER_NAME = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';
export const NFCE_NATURE = 'VENDA';
/** PIS and COFINS of a Simples Nacional sale: paid in the DAS, so CST 49 (outras operações de saída) with zeros. */
export const SIMPLES_PIS_COFINS_CST = '49';

export interface BuiltNfce {
  key: string;
  numeric_code: string;
  /** dhEmi as written. */
  issued_at_local: string;
  /** tpEmis: 1 online, 9 offline contingency. */
  emission_type: 1 | 9;
  totals: NfceTotals;
  /** The QR Code's text online (as in xml's infNFeSupl); null in contingency, made after signing. */
  qr_code: string | null;
  /** In contingency, what the QR Code takes from the note (signNfce adds the signature's part); null online. */
  offline_qr: OfflineQrInput | null;
  url_chave: string;
  /**
   * The unsigned document, no XML declaration: <NFe> with infNFe and infNFeSupl online, with
   * infNFe alone in contingency.
   */
  xml: string;
}

/**
 * Builds the note. `random` (values in [0, 1)) draws cNF when the note has none; pass a
 * seeded source for the same bytes every time.
 */
export function buildNfce(note: NfceNote, random: () => number): BuiltNfce {
  const problems = nfceProblems(note);
  const totals = problems.length ? null : nfceTotals(note);
  if (totals) {
    if (totals.lines.some((l) => l.discount > l.gross)) problems.push('O desconto de um item é maior que o seu valor.');
    if (note.discount && note.discount > totals.products - note.items.reduce((s, i) => s + (i.discount ?? 0), 0))
      problems.push('O desconto da venda é maior que o valor dos itens.');
    if (totals.total <= 0) problems.push('O valor da nota é zero.');
    if (totals.change < 0) problems.push('Os pagamentos não cobrem o valor da nota.');
  }
  if (note.numeric_code != null && !isUsableNumericCode(note.numeric_code, note.number))
    problems.push('O código numérico (cNF) é inválido ou igual ao número da nota.');
  if (problems.length || !totals) throw new NfceBuildError(problems);

  const { emitter } = note;
  const uf = emitter.address.uf;
  const dhEmi = localDateTime(note.issued_at, uf);
  const numericCode = note.numeric_code ?? drawNumericCode(note.number, random);
  const contingency = note.contingency ?? null;
  const emissionType = contingency ? 9 : 1;
  const cnpj = stripDocument(emitter.cnpj);
  const key = buildAccessKey({
    uf_code: UF_CODE[uf],
    year_month: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    cnpj,
    series: note.series,
    number: note.number,
    emission_type: emissionType,
    numeric_code: numericCode,
  });
  const addresses = nfceAddresses(uf, note.environment);
  const qr = { key, environment: note.environment, qr_url: addresses.qr_url, ...note.qr };
  // Online the QR Code is known before signing; in contingency it is made from the signature.
  const qrCode = contingency ? null : qrCodeText(qr);

  const out: string[] = [];
  out.push(`<NFe xmlns="${NFE_NAMESPACE}"><infNFe Id="NFe${key}" versao="${NFE_LAYOUT_VERSION}">`);
  out.push(
    '<ide>',
    tag('cUF', UF_CODE[uf]),
    tag('cNF', numericCode),
    tag('natOp', NFCE_NATURE),
    tag('mod', '65'),
    tag('serie', String(note.series)),
    tag('nNF', String(note.number)),
    tag('dhEmi', dhEmi),
    tag('tpNF', '1'),
    tag('idDest', '1'),
    tag('cMunFG', emitter.address.city_code),
    tag('tpImp', '4'),
    tag('tpEmis', String(emissionType)),
    tag('cDV', key.slice(-1)),
    tag('tpAmb', String(note.environment)),
    tag('finNFe', '1'),
    tag('indFinal', '1'),
    tag('indPres', '1'),
    tag('procEmi', '0'),
    tag('verProc', fiscalText(note.app_version, 20)),
  );
  if (contingency)
    out.push(
      tag('dhCont', localDateTime(contingency.started_at, uf)),
      tag('xJust', fiscalText(contingency.reason, CONTINGENCY_REASON_MAX)),
    );
  out.push('</ide>');
  writeEmitter(out, note, cnpj);
  writeCustomer(out, note);
  note.items.forEach((item, i) => writeItem(out, note, item, i, totals.lines[i]!));
  writeTotals(out, totals);
  out.push('<transp>', tag('modFrete', '9'), '</transp>');
  writePayments(out, note, totals);
  const info = fiscalText(note.additional_info ?? '', 5000);
  if (info) out.push('<infAdic>', tag('infCpl', info), '</infAdic>');
  const rt = note.tech_responsible;
  out.push(
    '<infRespTec>',
    tag('CNPJ', stripDocument(rt.cnpj)),
    tag('xContato', fiscalText(rt.contact, 60)),
    tag('email', fiscalText(rt.email, 60)),
    tag('fone', digitsOnly(rt.phone)),
    '</infRespTec>',
  );
  out.push('</infNFe>');
  if (qrCode) out.push(supplement(qrCode, addresses.url_chave));
  out.push('</NFe>');
  return {
    key,
    numeric_code: numericCode,
    issued_at_local: dhEmi,
    emission_type: emissionType,
    totals,
    qr_code: qrCode,
    offline_qr: contingency
      ? {
          ...qr,
          day: dhEmi.slice(8, 10),
          total: decimal2(totals.total),
          customer_document: note.customer ? stripDocument(note.customer.document) : null,
        }
      : null,
    url_chave: addresses.url_chave,
    xml: out.join(''),
  };
}

/** infNFeSupl: the QR Code's text and the consulta address, outside the signed infNFe. */
export function supplement(qrCode: string, urlChave: string): string {
  return `<infNFeSupl>${tag('qrCode', qrCode)}${tag('urlChave', urlChave)}</infNFeSupl>`;
}

function writeEmitter(out: string[], note: NfceNote, cnpj: string) {
  const { emitter } = note;
  const a = emitter.address;
  const ie = emitter.ie.trim().toUpperCase() === 'ISENTO' ? 'ISENTO' : digitsOnly(emitter.ie);
  const tradeName = fiscalText(emitter.trade_name ?? '', 60);
  const complement = fiscalText(a.complement ?? '', 60);
  const phone = digitsOnly(a.phone ?? '');
  out.push('<emit>', tag('CNPJ', cnpj), tag('xNome', fiscalText(emitter.legal_name, 60)));
  if (tradeName) out.push(tag('xFant', tradeName));
  out.push('<enderEmit>', tag('xLgr', fiscalText(a.street, 60)), tag('nro', fiscalText(a.number, 60)));
  if (complement) out.push(tag('xCpl', complement));
  out.push(
    tag('xBairro', fiscalText(a.district, 60)),
    tag('cMun', a.city_code),
    tag('xMun', fiscalText(a.city_name, 60)),
    tag('UF', a.uf),
    tag('CEP', digitsOnly(a.cep)),
    tag('cPais', '1058'),
    tag('xPais', 'BRASIL'),
  );
  if (/^\d{6,14}$/.test(phone)) out.push(tag('fone', phone));
  out.push('</enderEmit>', tag('IE', ie), tag('CRT', String(emitter.crt)), '</emit>');
}

function writeCustomer(out: string[], note: NfceNote) {
  if (!note.customer) return;
  const doc = stripDocument(note.customer.document);
  const name = fiscalText(note.customer.name ?? '', 60);
  out.push('<dest>', tag(doc.length === 11 ? 'CPF' : 'CNPJ', doc));
  if (name.length >= 2) out.push(tag('xNome', note.environment === 2 ? HOMOLOGACAO_CUSTOMER_NAME : name));
  // 9: não contribuinte, the only value an NFC-e admits.
  out.push(tag('indIEDest', '9'), '</dest>');
}

function writeItem(out: string[], note: NfceNote, item: NfceItem, index: number, amounts: NfceLineAmounts) {
  const ean = fiscalGtin(item.barcode);
  const description =
    note.environment === 2 && index === 0 ? HOMOLOGACAO_FIRST_ITEM : fiscalText(item.description, 120);
  const unit = fiscalText(item.unit, 6) || 'UN';
  const quantity = decimal4(quantityE4(item.quantity)!);
  const unitPrice = decimal2(item.unit_price);
  const cest = digitsOnly(item.cest ?? '');
  out.push(
    `<det nItem="${index + 1}"><prod>`,
    tag('cProd', fiscalText(item.code, 60)),
    tag('cEAN', ean),
    tag('xProd', description),
    tag('NCM', digitsOnly(item.ncm)),
  );
  if (cest) out.push(tag('CEST', cest));
  out.push(
    tag('CFOP', item.cfop),
    tag('uCom', unit),
    tag('qCom', quantity),
    tag('vUnCom', unitPrice),
    tag('vProd', decimal2(amounts.gross)),
    tag('cEANTrib', ean),
    tag('uTrib', unit),
    tag('qTrib', quantity),
    tag('vUnTrib', unitPrice),
  );
  if (amounts.discount > 0) out.push(tag('vDesc', decimal2(amounts.discount)));
  out.push(tag('indTot', '1'), '</prod><imposto>');
  if (item.approximate_taxes != null) out.push(tag('vTotTrib', decimal2(item.approximate_taxes)));
  // 102, 103, 300 and 400 share one group; 500 and 900 have their own (their optional values left out).
  const group = item.csosn === '500' ? 'ICMSSN500' : item.csosn === '900' ? 'ICMSSN900' : 'ICMSSN102';
  out.push(`<ICMS><${group}>`, tag('orig', String(item.origin)), tag('CSOSN', item.csosn), `</${group}></ICMS>`);
  for (const [tax, rate] of [
    ['PIS', 'pPIS'],
    ['COFINS', 'pCOFINS'],
  ] as const) {
    out.push(
      `<${tax}><${tax}Outr>`,
      tag('CST', SIMPLES_PIS_COFINS_CST),
      tag('vBC', '0.00'),
      tag(rate, '0.00'),
      tag(`v${tax}`, '0.00'),
      `</${tax}Outr></${tax}>`,
    );
  }
  out.push('</imposto></det>');
}

function writeTotals(out: string[], totals: NfceTotals) {
  const zero = '0.00';
  out.push('<total><ICMSTot>');
  for (const name of ['vBC', 'vICMS', 'vICMSDeson', 'vFCP', 'vBCST', 'vST', 'vFCPST', 'vFCPSTRet'])
    out.push(tag(name, zero));
  out.push(tag('vProd', decimal2(totals.products)), tag('vFrete', zero), tag('vSeg', zero));
  out.push(tag('vDesc', decimal2(totals.discount)));
  for (const name of ['vII', 'vIPI', 'vIPIDevol', 'vPIS', 'vCOFINS', 'vOutro']) out.push(tag(name, zero));
  out.push(tag('vNF', decimal2(totals.total)));
  if (totals.approximate_taxes !== null) out.push(tag('vTotTrib', decimal2(totals.approximate_taxes)));
  out.push('</ICMSTot></total>');
}

function writePayments(out: string[], note: NfceNote, totals: NfceTotals) {
  out.push('<pag>');
  for (const payment of note.payments) {
    const code = NFCE_PAYMENT_CODES[payment.method];
    out.push('<detPag>', tag('tPag', code.code));
    if (code.described) out.push(tag('xPag', fiscalText(payment.description ?? '', 60)));
    out.push(tag('vPag', decimal2(paid(payment))));
    const card = payment.card;
    if (code.card || card) {
      out.push('<card>', tag('tpIntegra', card?.integrated ? '1' : '2'));
      if (card?.acquirer_cnpj) out.push(tag('CNPJ', stripDocument(card.acquirer_cnpj)));
      if (card?.brand) out.push(tag('tBand', card.brand));
      const authorization = fiscalText(card?.authorization ?? '', 128);
      if (authorization) out.push(tag('cAut', authorization));
      out.push('</card>');
    }
    out.push('</detPag>');
  }
  if (totals.change > 0) out.push(tag('vTroco', decimal2(totals.change)));
  out.push('</pag>');
}
