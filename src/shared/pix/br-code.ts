// Static Pix BR Code (the "Pix Copia e Cola" text and what the QR holds), built and read
// without network or payment provider, per the Banco Central's BR Code manual:
//   00 '01' (format) · 01 '12' only for a code to be paid once · 26 merchant account
//   (00 'br.gov.bcb.pix', 01 the key) · 52 '0000' · 53 '986' (BRL) · 54 the amount with
//   two decimals, only when > 0 (else the payer types it) · 58 'BR' · 59 the receiver's
//   name (<= 25) · 60 the city (<= 15) · 62 (05 the txid: <= 25 letters and digits, or
//   '***' for none) · 63 CRC16-CCITT-FALSE of everything before its value.
import { TlvError, crc16CcittFalse, decodeTlv, tlv, withCrc } from './emv-tlv';
import { PIX_KEY_MAX_CHARS } from './pix-key';

export const PIX_GUI = 'br.gov.bcb.pix';
export const PIX_RECEIVER_NAME_MAX_CHARS = 25;
export const PIX_RECEIVER_CITY_MAX_CHARS = 15;
export const PIX_TXID_MAX_CHARS = 25;
/** The txid of a static code not tied to one charge. */
export const PIX_NO_TXID = '***';

export class BrCodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrCodeError';
  }
}

/**
 * Text as a BR Code field takes it: accents removed ('São Paulo' => 'Sao Paulo'), any
 * other character outside printable ASCII dropped, spaces collapsed, cut to `maxChars`.
 */
export function brCodeText(text: string, maxChars: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxChars)
    .trim();
}

/** The receiver's name for field 59 (up to 25 characters, no accents). */
export const pixReceiverName = (name: string) => brCodeText(name, PIX_RECEIVER_NAME_MAX_CHARS);
/** The receiver's city for field 60 (up to 15 characters, no accents). */
export const pixReceiverCity = (city: string) => brCodeText(city, PIX_RECEIVER_CITY_MAX_CHARS);

/** A txid from a sale id: its letters and digits, the first 25 of them; '***' when none. */
export function pixTxid(saleId: string | null | undefined): string {
  const txid = (saleId ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, PIX_TXID_MAX_CHARS);
  return txid === '' ? PIX_NO_TXID : txid;
}

/** Integer centavos => '1234.56' (field 54). */
function amountText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface PixCharge {
  /** The key as the DICT holds it (pix-key.ts parsePixKey). */
  key: string;
  receiver_name: string;
  receiver_city: string;
  /** 0 or absent: the payer types the amount. */
  amount_cents?: number;
  /** Already a txid (pixTxid); absent: '***'. */
  txid?: string;
  /** Field 01 = '12': the payer's bank refuses to pay the code twice. */
  single_use?: boolean;
}

/** The BR Code text of a static Pix charge; throws BrCodeError on input it cannot carry. */
export function buildPixBrCode(charge: PixCharge): string {
  const key = charge.key.trim();
  if (key === '' || key.length > PIX_KEY_MAX_CHARS) throw new BrCodeError('Chave Pix inválida para o QR Code.');
  const name = pixReceiverName(charge.receiver_name);
  const city = pixReceiverCity(charge.receiver_city);
  if (name === '') throw new BrCodeError('Informe o nome do recebedor do Pix.');
  if (city === '') throw new BrCodeError('Informe a cidade do recebedor do Pix.');
  const cents = charge.amount_cents ?? 0;
  if (!Number.isSafeInteger(cents) || cents < 0) throw new BrCodeError('Valor do Pix inválido.');
  const txid = charge.txid ?? PIX_NO_TXID;
  if (txid !== PIX_NO_TXID && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new BrCodeError('Identificador do Pix inválido: até 25 letras e números.');
  }
  const amount = cents > 0 ? amountText(cents) : '';
  if (amount.length > 13) throw new BrCodeError('Valor do Pix alto demais para o QR Code.');

  return withCrc(
    [
      tlv('00', '01'),
      charge.single_use ? tlv('01', '12') : '',
      tlv('26', tlv('00', PIX_GUI) + tlv('01', key)),
      tlv('52', '0000'),
      tlv('53', '986'),
      amount ? tlv('54', amount) : '',
      tlv('58', 'BR'),
      tlv('59', name),
      tlv('60', city),
      tlv('62', tlv('05', txid)),
    ].join(''),
  );
}

export interface ParsedBrCode {
  key: string;
  /** Field 26/02, when the code carries one. */
  description: string | null;
  amount_cents: number | null;
  receiver_name: string;
  receiver_city: string;
  txid: string | null;
  single_use: boolean;
  crc: string;
}

/** A payload's or template's fields by ID; a malformed one is a BrCodeError. */
function fieldsOf(text: string): Map<string, string> {
  try {
    return new Map(decodeTlv(text).map((f) => [f.id, f.value]));
  } catch (error) {
    if (error instanceof TlvError) throw new BrCodeError(error.message);
    throw error;
  }
}

function required(fields: Map<string, string>, id: string, what: string): string {
  const value = fields.get(id);
  if (value === undefined) throw new BrCodeError(`Código Pix inválido: falta o campo ${id} (${what}).`);
  return value;
}

/**
 * Reads a BR Code (Pix Copia e Cola): TLV structure, CRC, and the fields of a Pix charge.
 * Throws BrCodeError with a pt-BR sentence saying what is wrong.
 */
export function parsePixBrCode(payload: string): ParsedBrCode {
  const text = payload.trim();
  const crcAt = text.length - 4;
  if (crcAt < 4 || text.slice(crcAt - 4, crcAt) !== '6304') {
    throw new BrCodeError('Código Pix inválido: não termina com o CRC (campo 63).');
  }
  const crc = text.slice(crcAt);
  if (crc16CcittFalse(text.slice(0, crcAt)) !== crc.toUpperCase()) {
    throw new BrCodeError('Código Pix inválido: o CRC não confere (o código foi alterado ou copiado pela metade).');
  }
  const top = fieldsOf(text);
  if (top.get('00') !== '01') throw new BrCodeError('Código Pix inválido: o campo 00 deve ser 01.');
  if (required(top, '53', 'moeda') !== '986') throw new BrCodeError('Código Pix inválido: a moeda não é o real (986).');
  if (required(top, '58', 'país') !== 'BR') throw new BrCodeError('Código Pix inválido: o país não é BR.');
  required(top, '52', 'categoria');

  // The Pix account is one of the templates 26 to 51, the one whose GUI is br.gov.bcb.pix.
  let account: Map<string, string> | undefined;
  for (let id = 26; id <= 51 && !account; id++) {
    const value = top.get(String(id));
    if (value === undefined) continue;
    const inner = fieldsOf(value);
    if (inner.get('00')?.toLowerCase() === PIX_GUI) account = inner;
  }
  if (!account) throw new BrCodeError('Código Pix inválido: não há conta Pix (br.gov.bcb.pix).');
  const key = account.get('01');
  if (!key) throw new BrCodeError('Código Pix inválido: falta a chave Pix.');

  const amount = top.get('54');
  if (amount !== undefined && !/^\d{1,10}(\.\d{1,2})?$/.test(amount)) {
    throw new BrCodeError('Código Pix inválido: o valor (campo 54) não é um número com duas casas.');
  }
  const [reais = '0', decimals = ''] = (amount ?? '').split('.');
  const additional = top.has('62') ? fieldsOf(top.get('62')!) : undefined;
  const txid = additional?.get('05');

  return {
    key,
    description: account.get('02') ?? null,
    amount_cents: amount === undefined ? null : Number(reais) * 100 + Number(decimals.padEnd(2, '0')),
    receiver_name: required(top, '59', 'nome do recebedor'),
    receiver_city: required(top, '60', 'cidade do recebedor'),
    txid: txid === undefined || txid === PIX_NO_TXID ? null : txid,
    single_use: top.get('01') === '12',
    crc: crc.toUpperCase(),
  };
}
