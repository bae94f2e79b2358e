import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TlvError, crc16CcittFalse, decodeTlv, tlv, withCrc } from './emv-tlv';

describe('CRC16-CCITT-FALSE', () => {
  it("gives the standard check value for '123456789': 29B1", () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('gives FFFF (the initial value) for nothing, and always 4 uppercase hex digits', () => {
    expect(crc16CcittFalse('')).toBe('FFFF');
    fc.assert(fc.property(fc.string(), (text) => /^[0-9A-F]{4}$/.test(crc16CcittFalse(text))));
  });

  it('changes when any one character of a payload changes', () => {
    const payload = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000';
    fc.assert(
      fc.property(fc.nat({ max: payload.length - 1 }), fc.constantFrom(...'0123456789abcXYZ'), (at, ch) => {
        fc.pre(payload[at] !== ch);
        const changed = `${payload.slice(0, at)}${ch}${payload.slice(at + 1)}`;
        return crc16CcittFalse(changed) !== crc16CcittFalse(payload);
      }),
    );
  });

  it('covers the ID and length of field 63', () => {
    expect(withCrc('000201')).toBe(`0002016304${crc16CcittFalse('0002016304')}`);
  });
});

describe('TLV fields', () => {
  it('writes ID, two-digit length and value', () => {
    expect(tlv('59', 'Fulano de Tal')).toBe('5913Fulano de Tal');
    expect(tlv('62', tlv('05', '***'))).toBe('62070503***');
    expect(() => tlv('5', 'x')).toThrow(TlvError);
    expect(() => tlv('59', '')).toThrow(TlvError);
    expect(() => tlv('59', 'x'.repeat(100))).toThrow(TlvError);
  });

  it('reads back what it wrote, in order', () => {
    const field = fc.record({
      id: fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')),
      value: fc.string({ minLength: 1, maxLength: 99 }),
    });
    fc.assert(
      fc.property(fc.array(field, { maxLength: 8 }), (fields) => {
        const text = fields.map((f) => tlv(f.id, f.value)).join('');
        expect(decodeTlv(text)).toEqual(fields);
      }),
    );
  });

  it('refuses a truncated or malformed text', () => {
    expect(() => decodeTlv('5913Fulano')).toThrow('o campo 59 está incompleto');
    expect(() => decodeTlv('59AB')).toThrow('campo malformado na posição 1');
    expect(() => decodeTlv('000201X')).toThrow('campo malformado na posição 7');
  });
});
