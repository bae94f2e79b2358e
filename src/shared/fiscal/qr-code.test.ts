import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offlineQrCodeText, offlineQrSignedFields, qrCodeText, QrCodeError, type OfflineQrInput } from './qr-code';

// The online patterns of infNFeSupl/qrCode in leiauteNFe_v4.00.xsd (PL_010_V1.30).
const V2_ONLINE =
  /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(1|3|4)[0-9]{9})\|[2]\|[1-2]\|(0|[1-9]{1}([0-9]{1,5})?)\|[A-Fa-f0-9]{40})$/;
const V3_ONLINE = /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(1|3|4)[0-9]{9})\|[3]\|[1-2])$/;
// The offline patterns (tpEmis 9), the same schema.
const V2_OFFLINE =
  /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}9[0-9]{9})\|[2]\|[1-2]\|([0]{1}[1-9]{1}|[1-2]{1}[0-9]{1}|[3]{1}[0-1]{1})\|(0|0\.[0-9]{2}|[1-9]{1}[0-9]{0,12}(\.[0-9]{2})?)\|[A-Fa-f0-9]{56}\|(0|[1-9]{1}([0-9]{1,5})?)\|[A-Fa-f0-9]{40})$/;
const V3_OFFLINE =
  /^((HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(9)[0-9]{9})\|[3]\|[1-2]\|([0]{1}[1-9]{1}|[1-2]{1}[0-9]{1}|[3]{1}[0-1]{1})\|(0|0\.[0-9]{2}|[1-9]{1}[0-9]{0,12}(\.[0-9]{2})?)\|((1|2|3)?)\|(([0-9]{3,14})?)\|([a-zA-Z0-9+/]+[=]{0,2}))$/;

const KEY = '35261111222333000181650010000012341627073942';
const URL = 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode';
const CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';
/** The same key in offline contingency: tpEmis 9 (the check digit is not the QR's concern). */
const OFFLINE_KEY = `${KEY.slice(0, 34)}9${KEY.slice(35)}`;
const DIGEST = 'PlbA0tTdAqdWbH2W4bOPmo3lPKM=';
const offline = (over: Partial<OfflineQrInput> = {}): OfflineQrInput => ({
  key: OFFLINE_KEY, environment: 2, version: 2, qr_url: URL, csc_id: '000001', csc: CSC,
  day: '09', total: '1234.50', customer_document: null, ...over,
}); // prettier-ignore

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

  it('v2 offline: chave|2|tpAmb|dd|vNF|digVal in hex|idCSC|hash of all that and the CSC', () => {
    const text = offlineQrCodeText(offline(), { digest_value: DIGEST });
    // digVal: the DigestValue's 28 base64 characters, each byte in hexadecimal (56 characters).
    const digVal = Buffer.from(DIGEST, 'ascii').toString('hex');
    expect(digVal).toHaveLength(56);
    const head = `${OFFLINE_KEY}|2|2|09|1234.50|${digVal}|1`;
    expect(text).toBe(
      `${URL}?p=${head}|${createHash('sha1')
        .update(head + CSC)
        .digest('hex')
        .toUpperCase()}`,
    );
    expect(text).toMatch(V2_OFFLINE);
    expect(text).not.toMatch(V2_ONLINE);
    expect(text).not.toContain(CSC);
    expect(() => offlineQrCodeText(offline(), { fields_signature: 'QUJD' })).toThrow('DigestValue');
  });

  it('v3 offline: the seven fields signed, the consumer as 1 + CNPJ, 2 + CPF or nothing', () => {
    const v3 = (customer_document: string | null) =>
      offline({ version: 3, csc_id: null, csc: null, customer_document });
    expect(offlineQrSignedFields(v3(null))).toBe(`${OFFLINE_KEY}|3|2|09|1234.50||`);
    expect(offlineQrSignedFields(v3('52998224725'))).toBe(`${OFFLINE_KEY}|3|2|09|1234.50|2|52998224725`);
    expect(offlineQrSignedFields(v3('11444777000161'))).toBe(`${OFFLINE_KEY}|3|2|09|1234.50|1|11444777000161`);
    const signature = Buffer.from('assinatura de teste').toString('base64');
    const text = offlineQrCodeText(v3('52998224725'), { fields_signature: signature });
    expect(text).toBe(`${URL}?p=${OFFLINE_KEY}|3|2|09|1234.50|2|52998224725|${signature}`);
    expect(text).toMatch(V3_OFFLINE);
    expect(offlineQrCodeText(v3(null), { fields_signature: signature })).toMatch(V3_OFFLINE);
    expect(() => offlineQrCodeText(v3(null), { digest_value: DIGEST })).toThrow('assinatura');
  });

  it('the offline forms match the schema for any day, total, idCSC and CSC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.integer({ min: 0, max: 999_999 }),
        fc.string({ minLength: 16, maxLength: 36, unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (day, cents, id, csc, digest) => {
          const input = offline({ day: String(day).padStart(2, '0'), total: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`, csc_id: id, csc }); // prettier-ignore
          const v2 = offlineQrCodeText(input, { digest_value: Buffer.from(digest).toString('base64') });
          expect(v2).toMatch(V2_OFFLINE);
          const v3 = offlineQrCodeText({ ...input, version: 3 }, { fields_signature: Buffer.from(digest).toString('base64') }); // prettier-ignore
          expect(v3).toMatch(V3_OFFLINE);
        },
      ),
    );
  });
});
