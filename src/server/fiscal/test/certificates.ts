// Throwaway certificates for the fiscal tests and the benchmark, made with the openssl
// command line: a CA standing for ICP-Brasil and an A1-like certificate issued by it to a
// store, with the CNPJ in the subjectAltName's otherName 2.16.76.1.3.3 (OCTET STRING of
// its 14 characters) and the company's name and CNPJ in the CN, as an e-CNPJ A1 has.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCertificates {
  dir: string;
  caPem: string;
  caPath: string;
  keyPem: string;
  certPem: string;
}

const ICP_BRASIL_CNPJ_OID = '2.16.76.1.3.3';
const made = new Map<string, TestCertificates>();

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A CA and a store certificate for `cnpj`, valid from yesterday for `days` days (once per process). */
export function testCertificates(cnpj: string, companyName = 'LOJA DE TESTE LTDA', days = 365): TestCertificates {
  const id = `${cnpj}|${companyName}|${days}`;
  const cached = made.get(id);
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'balcao-a1-'));
  writeFileSync(
    join(dir, 'ext.cnf'),
    [
      '[a1]',
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature,nonRepudiation,keyEncipherment',
      'extendedKeyUsage=clientAuth,emailProtection',
      'subjectAltName=@alt',
      '[alt]',
      'otherName.1=2.16.76.1.3.4;OCTETSTRING:010119800000000000000000000000000000000000000000',
      'otherName.2=2.16.76.1.3.2;OCTETSTRING:RESPONSAVEL DE TESTE',
      `otherName.3=${ICP_BRASIL_CNPJ_OID};OCTETSTRING:${cnpj}`,
      'otherName.4=2.16.76.1.3.7;OCTETSTRING:000000000000',
      '',
    ].join('\n'),
  );
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650',
    '-subj', '/C=BR/O=ICP-Brasil/CN=AC TESTE BALCAO', '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir); // prettier-ignore
  openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'a1.key', '-out', 'a1.csr', '-subj',
    `/C=BR/O=ICP-Brasil/OU=Certificado PJ A1/CN=${companyName}:${cnpj}`], dir); // prettier-ignore
  openssl(['x509', '-req', '-in', 'a1.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial',
    '-out', 'a1.pem', '-days', String(days), '-extfile', 'ext.cnf', '-extensions', 'a1'], dir); // prettier-ignore
  const result = {
    dir,
    caPem: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    caPath: join(dir, 'ca.pem'),
    keyPem: readFileSync(join(dir, 'a1.key'), 'utf8'),
    certPem: readFileSync(join(dir, 'a1.pem'), 'utf8'),
  };
  made.set(id, result);
  return result;
}

/** Removes every certificate made in this process. */
export function removeTestCertificates(): void {
  for (const certs of made.values()) rmSync(certs.dir, { recursive: true, force: true });
  made.clear();
}
