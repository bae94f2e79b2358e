import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BrCodeError,
  buildPixBrCode,
  parsePixBrCode,
  pixReceiverCity,
  pixReceiverName,
  pixTxid,
  type PixCharge,
} from './br-code';
import { crc16CcittFalse } from './emv-tlv';

// The example of the Banco Central's BR Code manual (no amount, txid '***').
const MANUAL_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
  '5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_CHARGE: PixCharge = {
  key: '123e4567-e12b-12d1-a456-426655440000',
  receiver_name: 'Fulano de Tal',
  receiver_city: 'BRASILIA',
};

describe('Pix BR Code', () => {
  it("reproduces the manual's example to the last character, CRC 1D3D", () => {
    // The expected text's own CRC, computed here, is the 1D3D it ends with.
    expect(crc16CcittFalse(MANUAL_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(buildPixBrCode(MANUAL_CHARGE)).toBe(MANUAL_EXAMPLE);
  });

  it('adds the amount with two decimals, the txid and, when asked, the single-use flag', () => {
    const code = buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 12345, txid: 'VENDA42', single_use: true });
    expect(code).toContain('010212');
    expect(code).toContain('5406123.45');
    expect(code).toContain('62110507VENDA42');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(parsePixBrCode(code)).toMatchObject({ amount_cents: 12345, txid: 'VENDA42', single_use: true });
    expect(buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 5 })).toContain('54040.05');
    expect(buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 100 })).toContain('54041.00');
    expect(buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 0 })).toBe(MANUAL_EXAMPLE);
  });

  it('writes fields in the order of the manual', () => {
    const code = buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 990, txid: 'ABC', single_use: true });
    const order = [
      '000201',
      '010212',
      '2658',
      '52040000',
      '5303986',
      '54049.90',
      '5802BR',
      '5913',
      '6008',
      '6207',
      '6304',
    ];
    const positions = order.map((piece) => code.indexOf(piece));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('removes accents and cuts the name to 25 and the city to 15 characters', () => {
    expect(pixReceiverName('  Açougue  São João   da Esquina Ltda ')).toBe('Acougue Sao Joao da Esqui');
    expect(pixReceiverCity('São José dos Campos')).toBe('Sao Jose dos Ca');
    expect(pixReceiverCity('Mogi   das Cruzes – SP')).toBe('Mogi das Cruzes');
    const code = buildPixBrCode({ ...MANUAL_CHARGE, receiver_name: 'Padaria Pão de Açúcar', receiver_city: 'Itajubá' });
    expect(parsePixBrCode(code)).toMatchObject({ receiver_name: 'Padaria Pao de Acucar', receiver_city: 'Itajuba' });
  });

  it('derives the txid from a sale id: letters and digits, at most 25', () => {
    expect(pixTxid('0b7c3a52-5e3f-4c1e-9a0d-2f6b8e1d4c3a')).toBe('0b7c3a525e3f4c1e9a0d2f6b8');
    expect(pixTxid(null)).toBe('***');
    expect(pixTxid('---')).toBe('***');
    fc.assert(fc.property(fc.uuid(), (id) => /^[0-9a-f]{25}$/.test(pixTxid(id))));
  });

  it('refuses what the code cannot carry', () => {
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, key: '' })).toThrow(BrCodeError);
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, key: 'a'.repeat(78) })).toThrow('Chave Pix inválida');
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, receiver_name: ' ção ' })).not.toThrow();
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, receiver_name: '   ' })).toThrow(
      'Informe o nome do recebedor do Pix.',
    );
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, receiver_city: '' })).toThrow(
      'Informe a cidade do recebedor do Pix.',
    );
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: -1 })).toThrow('Valor do Pix inválido.');
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, amount_cents: 1.5 })).toThrow('Valor do Pix inválido.');
    expect(() => buildPixBrCode({ ...MANUAL_CHARGE, txid: 'venda-1' })).toThrow('até 25 letras e números');
  });

  it('reads back every charge it builds', () => {
    const charge = fc.record({
      key: fc.oneof(
        fc.uuid(),
        fc.constant('+5511987654321'),
        fc.constant('52998224725'),
        fc.constant('loja@exemplo.com.br'),
      ),
      receiver_name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => pixReceiverName(s) !== ''),
      receiver_city: fc.string({ minLength: 1, maxLength: 30 }).filter((s) => pixReceiverCity(s) !== ''),
      amount_cents: fc.integer({ min: 0, max: 99_999_999_99 }),
      txid: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
      single_use: fc.boolean(),
    });
    fc.assert(
      fc.property(charge, (c) => {
        const parsed = parsePixBrCode(buildPixBrCode(c));
        expect(parsed).toMatchObject({
          key: c.key,
          amount_cents: c.amount_cents > 0 ? c.amount_cents : null,
          receiver_name: pixReceiverName(c.receiver_name),
          receiver_city: pixReceiverCity(c.receiver_city),
          txid: c.txid ?? null,
          single_use: c.single_use,
        });
      }),
    );
  });
});

describe('reading a Pix Copia e Cola', () => {
  it("reads the manual's example", () => {
    expect(parsePixBrCode(MANUAL_EXAMPLE)).toEqual({
      key: '123e4567-e12b-12d1-a456-426655440000',
      description: null,
      amount_cents: null,
      receiver_name: 'Fulano de Tal',
      receiver_city: 'BRASILIA',
      txid: null,
      single_use: false,
      crc: '1D3D',
    });
  });

  it('refuses a code whose CRC does not match, or cut short', () => {
    const altered = MANUAL_EXAMPLE.replace('Fulano', 'Fulana');
    expect(() => parsePixBrCode(altered)).toThrow('o CRC não confere');
    expect(() => parsePixBrCode(MANUAL_EXAMPLE.slice(0, 60))).toThrow('não termina com o CRC');
    expect(() => parsePixBrCode('')).toThrow(BrCodeError);
  });

  it('refuses a code with a good CRC but not a Pix charge', () => {
    const withCrc = (body: string) => `${body}6304${crc16CcittFalse(`${body}6304`)}`;
    expect(() => parsePixBrCode(withCrc('000201520400005303840'))).toThrow('a moeda não é o real');
    expect(() =>
      parsePixBrCode(withCrc('0002012630001412.gov.bcb.pix0108chave123520400005303986' + '5802BR5901X6001Y')),
    ).toThrow('não há conta Pix');
    expect(() => parsePixBrCode(withCrc('0002015913Fulano'))).toThrow('Código Pix inválido: campo malformado');
    expect(() => parsePixBrCode(withCrc('000202'))).toThrow('o campo 00 deve ser 01');
  });
});
