// The A1 reader the server and the till share (shared/fiscal/a1-file.ts), on .pfx files
// openssl makes in both kinds (OpenSSL 3's AES/PBKDF2 and the legacy RC2-40/3DES): the
// certificate comes out byte for byte as openssl wrote it, with node's own fingerprint,
// serial and dates; the key goes into WebCrypto as a non-extractable RSASSA-PKCS1-v1_5/SHA-1
// key that cannot be exported and whose signatures the certificate verifies. Refusals are
// the rule's pt-BR sentences.
import { verify, X509Certificate, webcrypto } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openPkcs12, readCertificate } from '../../shared/fiscal/a1-file';
import { A1_MESSAGES, A1Error } from '../../shared/fiscal/a1-rules';
import { makeA1, removeA1Files } from './test/a1-files';
import { fingerprintOf } from './test/till-key-fixtures';

const CNPJ = '11222333000181';

afterAll(() => removeA1Files());

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(A1Error);
    return (error as Error).message;
  }
  throw new Error('não recusou');
};

describe('openPkcs12', () => {
  it.each([
    ['OpenSSL 3', false],
    ['legacy RC2-40 / 3DES', true],
  ])(
    'opens a %s .pfx: the certificate as written, a key WebCrypto keeps unexportable that signs for it',
    async (_, legacy) => {
      const a1 = makeA1({ cnpj: CNPJ, legacy });
      const opened = openPkcs12(a1.pfx, a1.password);
      const cert = new X509Certificate(a1.certPem);
      expect(Buffer.from(opened.certificateDer).equals(cert.raw)).toBe(true);
      expect(opened.fingerprint).toBe(fingerprintOf(a1.certPem));
      expect(opened.serial).toBe(cert.serialNumber.toUpperCase());
      expect(opened.cnpj).toBe(CNPJ);
      expect(opened.notAfter.getTime()).toBe(new Date(cert.validTo).getTime());
      expect(opened.notBefore.getTime()).toBe(new Date(cert.validFrom).getTime());
      expect(opened.chainDer.map((der) => new X509Certificate(der).subject)).toEqual([
        new X509Certificate(a1.certPem).issuer,
      ]);
      expect(readCertificate(opened.certificateDer)).toEqual({
        cnpj: opened.cnpj,
        serial: opened.serial,
        notBefore: opened.notBefore,
        notAfter: opened.notAfter,
        fingerprint: opened.fingerprint,
      });

      const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' };
      const key = await webcrypto.subtle.importKey('pkcs8', opened.keyPkcs8, algorithm, false, ['sign']);
      expect(key.extractable).toBe(false);
      await expect(webcrypto.subtle.exportKey('pkcs8', key)).rejects.toThrow();
      const data = Buffer.from('<SignedInfo>nota</SignedInfo>');
      const signature = Buffer.from(await webcrypto.subtle.sign(algorithm, key, data));
      expect(verify('sha1', data, cert.publicKey, signature)).toBe(true);
      expect(verify('sha1', Buffer.from('<SignedInfo>outra</SignedInfo>'), cert.publicKey, signature)).toBe(false);
    },
  );

  it('refuses a wrong password, a file that is not a .pfx and one without the key, in pt-BR', () => {
    const a1 = makeA1({ cnpj: CNPJ, legacy: true });
    expect(refusal(() => openPkcs12(a1.pfx, 'outra senha'))).toBe(A1_MESSAGES.wrongPassword);
    expect(refusal(() => openPkcs12(Buffer.from('%PDF-1.4 não é um certificado'), 'x'))).toBe(A1_MESSAGES.notPfx);
    expect(refusal(() => openPkcs12(new Uint8Array(0), 'x'))).toBe(A1_MESSAGES.notPfx);
    const certOnly = makeA1({ cnpj: CNPJ, withoutKey: true });
    expect(refusal(() => openPkcs12(certOnly.pfx, certOnly.password))).toBe(A1_MESSAGES.noKey);
    expect(refusal(() => readCertificate(a1.pfx))).toMatch(/não pôde ser lido/);
  });
});
