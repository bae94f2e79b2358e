import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { qrCodeText, QrCodeError } from './qr-code';

// The online patterns of infNFeSupl/qrCode in leiauteNFe_v4.00.xsd (PL_010_V1.30).
const V2_ONLINE =
  /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(1|3|4)[0-9]{9})\|[2]\|[1-2]\|(0|[1-9]{1}([0-9]{1,5})?)\|[A-Fa-f0-9]{40})$/;
const V3_ONLINE = /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(1|3|4)[0-9]{9})\|[3]\|[1-2])$/;

const KEY = '35261111222333000181650010000012341627073942';
const URL = 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode';
const CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';

describe('QR code', () => {
  it('v2: chave|2|tpAmb|idCSC|SHA-1 of that and the CSC, upper-case hex; idCSC without zeros', () => {
    const text = qrCodeText({ key: KEY, environment: 2, version: 2, qr_url: URL, csc_id: '000001', csc: CSC });
    const hash = createHash('sha1').update(`${KEY}|2|2|1${CSC}`).digest('hex').toUpperCase();
    expect(text).toBe(`${URL}?p=${KEY}|2|2|1|${hash}`);
    expect(text).toMatch(V2_ONLINE);
    expect(text).not.toContain(CSC);
  });

  it('v2 matches the schema for any idCSC and CSC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.string({ minLength: 16, maxLength: 36, unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') }),
        fc.constantFrom(1 as const, 2 as const),
        (id, csc, environment) => {
          const text = qrCodeText({ key: KEY, environment, version: 2, qr_url: URL, csc_id: id, csc });
          expect(text).toMatch(V2_ONLINE);
          const [, , , , hash] = text.split('?p=')[1]!.split('|');
          expect(hash).toBe(
            createHash('sha1').update(`${KEY}|2|${environment}|${id}${csc}`).digest('hex').toUpperCase(),
          );
        },
      ),
    );
  });

  it('v3: chave|3|tpAmb, no CSC', () => {
    const text = qrCodeText({ key: KEY, environment: 1, version: 3, qr_url: URL });
    expect(text).toBe(`${URL}?p=${KEY}|3|1`);
    expect(text).toMatch(V3_ONLINE);
  });

  it('v2 asks for the idCSC and the CSC', () => {
    expect(() => qrCodeText({ key: KEY, environment: 2, version: 2, qr_url: URL, csc: CSC })).toThrow(QrCodeError);
    expect(() => qrCodeText({ key: KEY, environment: 2, version: 2, qr_url: URL, csc_id: 1, csc: 'curto' })).toThrow(
      'CSC',
    );
  });
});
