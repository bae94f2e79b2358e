// What a note must hold before it is written: every problem in one list of pt-BR
// sentences, so the store fixes them all at once rather than one rejection at a time.
import { isValidCnpj, isValidCpf, stripDocument } from '../documents';
import { NFCE_PAYMENT_CODES } from './payment-codes';
import { NUMBER_MAX, SERIES_MAX } from './access-key';
import { NFCE_CSOSNS, type NfceContingency, type NfceNote } from './nfce-note';
import { qrCodeSettingsProblem } from './qr-code';
import { digitsOnly, fiscalText, quantityE4 } from './text';
import { isUf } from './uf';

/** Most items an NF-e or NFC-e may carry (det, 990 in the schema). */
export const NFCE_ITEMS_MAX = 990;
/** Most payment parts (detPag, 100 in the schema). */
export const NFCE_PAYMENTS_MAX = 100;
/** xJust, the reason for the contingency: 15 to 256 characters (TString in the schema). */
export const CONTINGENCY_REASON_MIN = 15;
export const CONTINGENCY_REASON_MAX = 256;

export class NfceBuildError extends Error {
  override name = 'NfceBuildError';
  constructor(readonly problems: readonly string[]) {
    super(`NFC-e não pode ser gerada: ${problems.join(' ')}`);
  }
}

/** Whether a text keeps at least `min` characters once made fiscal text (emoji and spaces alone do not). */
const hasText = (value: string | null | undefined, min: number) => fiscalText(value ?? '', 1000).length >= min;

const isCentavos = (n: unknown, min = 0): n is number => Number.isSafeInteger(n) && (n as number) >= min;

function contingencyProblems(contingency: NfceContingency, issuedAt: string): string[] {
  const started = Date.parse(contingency.started_at);
  const p: string[] = [];
  if (!Number.isFinite(started)) p.push('A data de entrada em contingência é inválida.');
  else if (started > Date.parse(issuedAt))
    p.push('A entrada em contingência (dhCont) não pode ser depois da emissão da nota.');
  if (!hasText(contingency.reason, CONTINGENCY_REASON_MIN))
    p.push(
      `Informe o motivo da contingência, de ${CONTINGENCY_REASON_MIN} a ${CONTINGENCY_REASON_MAX} caracteres (ex.: 'Sem conexão com a SEFAZ').`,
    );
  return p;
}

export function nfceProblems(note: NfceNote): string[] {
  const p: string[] = [];
  const { emitter } = note;
  if (!isValidCnpj(emitter.cnpj)) p.push('O CNPJ do emitente é inválido.');
  if (emitter.crt !== 1 && emitter.crt !== 4)
    p.push('Regime tributário (CRT) não suportado: emita como Simples Nacional (1) ou MEI (4).');
  const ie = emitter.ie.trim().toUpperCase() === 'ISENTO' ? 'ISENTO' : digitsOnly(emitter.ie);
  if (ie !== 'ISENTO' && !/^\d{2,14}$/.test(ie)) p.push('A inscrição estadual do emitente é inválida.');
  if (!hasText(emitter.legal_name, 2)) p.push('Informe a razão social do emitente.');
  const address = emitter.address;
  if (!hasText(address.street, 2) || !hasText(address.number, 1) || !hasText(address.district, 2))
    p.push('Informe o logradouro, o número e o bairro do emitente.');
  if (!hasText(address.city_name, 2)) p.push('Informe o município do emitente.');
  if (!isUf(address.uf)) p.push('A UF do emitente é inválida.');
  if (!/^\d{7}$/.test(address.city_code)) p.push('O código IBGE do município do emitente tem 7 dígitos.');
  if (!/^\d{8}$/.test(digitsOnly(address.cep))) p.push('O CEP do emitente tem 8 dígitos.');
  if (!Number.isInteger(note.series) || note.series < 0 || note.series > SERIES_MAX)
    p.push('A série da NFC-e vai de 0 a 999.');
  if (!Number.isInteger(note.number) || note.number < 1 || note.number > NUMBER_MAX)
    p.push('O número da NFC-e vai de 1 a 999.999.999.');
  if (!Number.isFinite(Date.parse(note.issued_at))) p.push('A data de emissão é inválida.');
  if (note.environment !== 1 && note.environment !== 2) p.push('O ambiente é 1 (produção) ou 2 (homologação).');
  const qrProblem = qrCodeSettingsProblem(note.qr);
  if (qrProblem) p.push(qrProblem);
  if (!hasText(note.app_version, 1)) p.push('Informe a versão do aplicativo emissor (verProc).');
  if (note.contingency) p.push(...contingencyProblems(note.contingency, note.issued_at));
  if (!isValidCnpj(note.tech_responsible.cnpj)) p.push('O CNPJ do responsável técnico é inválido.');
  if (!hasText(note.tech_responsible.contact, 2) || !hasText(note.tech_responsible.email, 6))
    p.push('Informe o contato e o e-mail do responsável técnico.');
  if (!/^\d{6,14}$/.test(digitsOnly(note.tech_responsible.phone)))
    p.push('O telefone do responsável técnico tem de 6 a 14 dígitos.');

  if (note.customer) {
    const doc = stripDocument(note.customer.document);
    const ok = doc.length === 11 ? isValidCpf(doc) : isValidCnpj(doc);
    if (!ok) p.push('O CPF ou CNPJ do consumidor é inválido.');
  }

  if (note.items.length === 0) p.push('A nota precisa de ao menos um item.');
  if (note.items.length > NFCE_ITEMS_MAX) p.push(`A nota leva no máximo ${NFCE_ITEMS_MAX} itens.`);
  note.items.forEach((item, i) => {
    const n = `Item ${i + 1}`;
    if (!hasText(item.code, 1) || !hasText(item.description, 1)) p.push(`${n}: informe o código e a descrição.`);
    if (!/^\d{8}$/.test(digitsOnly(item.ncm))) p.push(`${n}: o NCM tem 8 dígitos.`);
    if (item.cest != null && item.cest !== '' && !/^\d{7}$/.test(digitsOnly(item.cest)))
      p.push(`${n}: o CEST tem 7 dígitos.`);
    if (!/^[1-9]\d{3}$/.test(item.cfop)) p.push(`${n}: o CFOP tem 4 dígitos.`);
    if (!(NFCE_CSOSNS as readonly string[]).includes(item.csosn)) p.push(`${n}: CSOSN não suportado.`);
    if (!Number.isInteger(item.origin) || item.origin < 0 || item.origin > 8) p.push(`${n}: a origem vai de 0 a 8.`);
    const q = quantityE4(item.quantity);
    if (q === null || q <= 0) p.push(`${n}: a quantidade é maior que zero, com até 4 casas decimais.`);
    if (!isCentavos(item.unit_price, 1)) p.push(`${n}: o preço unitário é um valor em centavos maior que zero.`);
    if (item.discount !== undefined && !isCentavos(item.discount)) p.push(`${n}: o desconto é um valor em centavos.`);
    if (item.approximate_taxes != null && !isCentavos(item.approximate_taxes))
      p.push(`${n}: os tributos aproximados são um valor em centavos.`);
  });
  if (note.discount !== undefined && !isCentavos(note.discount)) p.push('O desconto da venda é um valor em centavos.');

  if (note.payments.length === 0) p.push('A nota precisa de ao menos uma forma de pagamento.');
  if (note.payments.length > NFCE_PAYMENTS_MAX) p.push(`A nota leva no máximo ${NFCE_PAYMENTS_MAX} pagamentos.`);
  note.payments.forEach((payment, i) => {
    const n = `Pagamento ${i + 1}`;
    const code = NFCE_PAYMENT_CODES[payment.method];
    if (!code) p.push(`${n}: forma de pagamento desconhecida.`);
    if (!isCentavos(payment.amount, 1)) p.push(`${n}: o valor é em centavos, maior que zero.`);
    if (code?.described && (payment.description ?? '').trim().length < 2)
      p.push(`${n}: descreva a forma de pagamento (ao menos 2 caracteres).`);
    const card = payment.card;
    if (card?.integrated && !(card.acquirer_cnpj && card.brand && card.authorization))
      p.push(`${n}: cartão integrado (TEF) pede o CNPJ da credenciadora, a bandeira e a autorização.`);
    if (card?.acquirer_cnpj && !isValidCnpj(card.acquirer_cnpj)) p.push(`${n}: o CNPJ da credenciadora é inválido.`);
    if (card?.brand && !/^\d{2}$/.test(card.brand)) p.push(`${n}: a bandeira do cartão tem 2 dígitos.`);
  });
  return p;
}
