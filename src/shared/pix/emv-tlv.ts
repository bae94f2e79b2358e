// The EMV QR Code pieces a Pix BR Code is made of: fields as ID (2 digits), length (2
// digits, characters of the value) and value; templates hold fields the same way; the
// payload ends with field 63, the CRC16-CCITT-FALSE of everything before its value.

export class TlvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TlvError';
  }
}

export interface TlvField {
  id: string;
  value: string;
}

/** One field: '59' + '13' + 'Fulano de Tal'. A value has 1 to 99 characters. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new TlvError(`Campo ${id}: o identificador tem 2 dígitos`);
  if (value.length < 1 || value.length > 99) throw new TlvError(`Campo ${id}: o valor deve ter de 1 a 99 caracteres`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** The fields of a payload or template, in order; throws TlvError when it is not TLV. */
export function decodeTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new TlvError(`Código Pix inválido: campo malformado na posição ${at + 1}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length < length) {
      throw new TlvError(`Código Pix inválido: o campo ${head.slice(0, 2)} está incompleto`);
    }
    fields.push({ id: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

const CRC_POLY = 0x1021;
const CRC_INIT = 0xffff;

/**
 * CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the
 * text's bytes as UTF-8, in 4 uppercase hex digits: '123456789' => '29B1'.
 */
export function crc16CcittFalse(text: string): string {
  let crc = CRC_INIT;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ CRC_POLY) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Appends field 63 (its ID and length are part of what the CRC covers). */
export function withCrc(payloadWithoutCrc: string): string {
  const head = `${payloadWithoutCrc}6304`;
  return `${head}${crc16CcittFalse(head)}`;
}
