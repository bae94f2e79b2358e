import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, cpfCheckDigits } from '../documents';
import { PIX_KEY_MESSAGES, guessPixKeyType, parsePixKey } from './pix-key';

describe('Pix key', () => {
  it('takes a CPF formatted or bare and keeps its 11 digits; wrong check digits are refused', () => {
    expect(parsePixKey('cpf', '529.982.247-25')).toEqual({ ok: true, type: 'cpf', key: '52998224725' });
    expect(parsePixKey('cpf', ' 52998224725 ')).toEqual({ ok: true, type: 'cpf', key: '52998224725' });
    expect(parsePixKey('cpf', '529.982.247-26')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cpf });
    expect(parsePixKey('cpf', '111.111.111-11')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cpf });
    expect(parsePixKey('cpf', '5299822472')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cpf });
  });

  it('takes a CNPJ (numeric or the alphanumeric form) and keeps it bare', () => {
    expect(parsePixKey('cnpj', '11.222.333/0001-81')).toEqual({ ok: true, type: 'cnpj', key: '11222333000181' });
    expect(parsePixKey('cnpj', '12.abc.345/01de-35')).toEqual({ ok: true, type: 'cnpj', key: '12ABC34501DE35' });
    expect(parsePixKey('cnpj', '11.222.333/0001-82')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.cnpj });
  });

  it('every CPF and CNPJ with computed check digits is a key', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{12}$/), (cpf9, cnpj12) => {
        fc.pre(!/^(\d)\1+$/.test(cpf9) && !/^(\d)\1+$/.test(cnpj12));
        const cpf = `${cpf9}${cpfCheckDigits(cpf9)}`;
        const cnpj = `${cnpj12}${cnpjCheckDigits(cnpj12)}`;
        return parsePixKey('cpf', cpf).ok && parsePixKey('cnpj', cnpj).ok;
      }),
    );
  });

  it('takes an e-mail in lowercase, up to 77 characters', () => {
    expect(parsePixKey('email', ' Loja.Centro@Exemplo.COM.br ')).toEqual({
      ok: true,
      type: 'email',
      key: 'loja.centro@exemplo.com.br',
    });
    for (const bad of ['loja@', '@exemplo.com', 'loja exemplo@x.com', 'loja@exemplo', 'loja@@exemplo.com']) {
      expect(parsePixKey('email', bad), bad).toEqual({ ok: false, message: PIX_KEY_MESSAGES.email });
    }
    const long = `${'a'.repeat(66)}@exemplo.com`; // 78
    expect(parsePixKey('email', long).ok).toBe(false);
    expect(parsePixKey('email', long.slice(1)).ok).toBe(true);
  });

  it("writes a mobile phone as '+55' + DDD + 9 digits, however it was typed", () => {
    for (const typed of [
      '+55 11 98765-4321',
      '(11) 98765-4321',
      '11987654321',
      '5511987654321',
      '+5511987654321',
      '011 98765-4321',
    ]) {
      expect(parsePixKey('phone', typed), typed).toEqual({ ok: true, type: 'phone', key: '+5511987654321' });
    }
    expect(parsePixKey('phone', '+5511987654321').ok && '+5511987654321'.length).toBe(14);
  });

  it('refuses a landline, a number without DDD, a DDD with 0 and another country', () => {
    expect(parsePixKey('phone', '(11) 3456-7890')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phone });
    expect(parsePixKey('phone', '98765-4321')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phone });
    expect(parsePixKey('phone', '(10) 98765-4321')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phone });
    expect(parsePixKey('phone', '+1 415 555 2671')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phoneCountry });
    expect(parsePixKey('phone', 'onze 98765-4321')).toEqual({ ok: false, message: PIX_KEY_MESSAGES.phone });
  });

  it('takes a random key (UUID) in lowercase', () => {
    expect(parsePixKey('random', '123E4567-E12B-12D1-A456-426655440000')).toEqual({
      ok: true,
      type: 'random',
      key: '123e4567-e12b-12d1-a456-426655440000',
    });
    expect(parsePixKey('random', '123e4567e12b12d1a456426655440000')).toEqual({
      ok: false,
      message: PIX_KEY_MESSAGES.random,
    });
    expect(parsePixKey('random', '123e4567-e12b-12d1-a456-42665544000g').ok).toBe(false);
    fc.assert(fc.property(fc.uuid(), (uuid) => parsePixKey('random', uuid.toUpperCase()).ok));
  });

  it('asks for the key when nothing was typed', () => {
    expect(parsePixKey('email', '  ')).toEqual({ ok: false, message: 'Informe a chave Pix.' });
  });

  it.each([
    ['email', ['loja@exemplo.com']],
    ['random', ['123e4567-e12b-12d1-a456-426655440000']],
    // '11987654321' is not a valid CPF.
    ['phone', ['+55 11 98765-4321', '(11) 98765-4321', '11987654321', '5511987654321']],
    ['cpf', ['529.982.247-25', '52998224725']],
    ['cnpj', ['11.222.333/0001-81']],
    [null, ['abc', '']],
  ] as const)('suggests the kind of a typed key: %s', (kind, keys) => {
    for (const key of keys) expect(guessPixKeyType(key), key).toBe(kind);
  });
});
