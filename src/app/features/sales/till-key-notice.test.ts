// What Nova Venda says of this till's contingency key: its validity; a warning in its last
// 30 days; once expired, that the till no longer emits in contingency; the admin is told
// where to import the new certificate, the cashier to tell the admin.
import { describe, expect, it } from 'vitest';
import { tillKeyText } from './till-key-notice';

describe('tillKeyText', () => {
  const notAfter = '2027-03-10T02:59:59.000Z'; // 09/03/2027 in Brasília
  it('says until when, then warns from 30 days before, then says it is off', () => {
    expect(tillKeyText(notAfter, 31, false)).toBe(
      'Contingência off-line: certificado deste caixa válido até 09/03/2027.',
    );
    expect(tillKeyText(notAfter, 30, true)).toBe(
      'Contingência: o certificado deste caixa vence em 09/03/2027. Importe o novo certificado em Configurações > Fiscal.',
    );
    expect(tillKeyText(notAfter, 0, false)).toBe(
      'Contingência: o certificado deste caixa vence em 09/03/2027. Avise o administrador.',
    );
    expect(tillKeyText(notAfter, -1, false)).toBe(
      'Contingência desligada: o certificado deste caixa venceu em 09/03/2027. Avise o administrador.',
    );
  });
});
