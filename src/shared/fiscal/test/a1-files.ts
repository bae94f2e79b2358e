// Throwaway A1 files (.pfx) for the certificate tests of the server and of the till, made
// with the openssl command line: a CA standing for ICP-Brasil signs, with `openssl ca` (which
// takes any start and end date, so a certificate may be expired or not yet valid), a store
// certificate with the CNPJ in the otherName 2.16.76.1.3.3 and in the CN; the .pfx is
// written in OpenSSL 3's format (AES-256, PBKDF2, SHA-256 MAC) or in the legacy one many A1
// still have (RC2-40 for the certificates, 3DES for the key, SHA-1 MAC), which Node's
// OpenSSL 3 refuses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface A1Options {
  cnpj: string;
  /** Default: yesterday. */
  notBefore?: Date;
  /** Default: in a year. */
  notAfter?: Date;
  /** Without the otherName: the CNPJ only in the CN's 'NOME:CNPJ'. */
  cnpjInCnOnly?: boolean;
  /** RC2-40 / 3DES / SHA-1 MAC instead of OpenSSL 3's default. */
  legacy?: boolean;
  password?: string;
  /** Leave the private key out of the file. */
  withoutKey?: boolean;
  /** The key derivation's and the MAC's iteration count (OpenSSL's default: 2048). */
  iterations?: number;
}

export interface A1File {
  pfx: Buffer;
  password: string;
  caPath: string;
  certPem: string;
  keyPem: string;
}

const DAY_MS = 86_400_000;
const dirs: string[] = [];
let caDir: string | null = null;

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** YYYYMMDDHHMMSSZ, as `openssl ca -startdate/-enddate` takes it. */
const asn1Time = (d: Date) => `${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

function ca(): string {
  if (caDir) return caDir;
  const dir = mkdtempSync(join(tmpdir(), 'balcao-a1-ca-'));
  dirs.push(dir);
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650',
    '-subj', '/C=BR/O=ICP-Brasil/CN=AC TESTE BALCAO A1', '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign'], dir); // prettier-ignore
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  writeFileSync(
    join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = test_ca',
      '[test_ca]',
      `dir = ${dir}`,
      'database = $dir/index.txt',
      'new_certs_dir = $dir',
      'serial = $dir/serial',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      'copy_extensions = none',
      '[any]',
      'countryName = optional',
      'organizationName = optional',
      'organizationalUnitName = optional',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  caDir = dir;
  return dir;
}

let seq = 0;

/** A store's A1 as a .pfx, with the CA that issued it. */
export function makeA1(options: A1Options): A1File {
  const { cnpj, legacy = false, password = 'senha-do-a1' } = options;
  const notBefore = options.notBefore ?? new Date(Date.now() - DAY_MS);
  const notAfter = options.notAfter ?? new Date(Date.now() + 365 * DAY_MS);
  const caPath = join(ca(), 'ca.pem');
  const dir = mkdtempSync(join(tmpdir(), 'balcao-a1-'));
  dirs.push(dir);
  const alt = options.cnpjInCnOnly
    ? []
    : [
        'subjectAltName=@alt',
        '[alt]',
        'otherName.1=2.16.76.1.3.4;OCTETSTRING:010119800000000000000000000000000000000000000000',
        `otherName.2=2.16.76.1.3.3;OCTETSTRING:${cnpj}`,
      ];
  writeFileSync(
    join(dir, 'ext.cnf'),
    ['[a1]', 'basicConstraints=critical,CA:FALSE', 'keyUsage=critical,digitalSignature,keyEncipherment',
      'extendedKeyUsage=clientAuth', ...alt, ''].join('\n'), // prettier-ignore
  );
  openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'a1.key', '-out', 'a1.csr', '-subj',
    `/C=BR/O=ICP-Brasil/OU=Certificado PJ A1/CN=LOJA DE TESTE ${++seq} LTDA:${cnpj}`], dir); // prettier-ignore
  openssl(['ca', '-batch', '-config', join(ca(), 'ca.cnf'), '-cert', caPath, '-keyfile', join(ca(), 'ca.key'),
    '-in', 'a1.csr', '-out', 'a1.pem', '-notext', '-preserveDN', '-startdate', asn1Time(notBefore),
    '-enddate', asn1Time(notAfter), '-extfile', 'ext.cnf', '-extensions', 'a1'], dir); // prettier-ignore
  const format = legacy
    ? ['-legacy', '-certpbe', 'PBE-SHA1-RC2-40', '-keypbe', 'PBE-SHA1-3DES', '-macalg', 'sha1']
    : [];
  const key = options.withoutKey ? ['-nokeys'] : ['-inkey', 'a1.key'];
  const iterations = options.iterations ? ['-iter', String(options.iterations)] : [];
  openssl(['pkcs12', '-export', ...format, ...key, ...iterations, '-in', 'a1.pem', '-certfile', caPath, '-out', 'a1.pfx',
    '-passout', `pass:${password}`], dir); // prettier-ignore
  return {
    pfx: readFileSync(join(dir, 'a1.pfx')),
    password,
    caPath,
    certPem: readFileSync(join(dir, 'a1.pem'), 'utf8'),
    keyPem: readFileSync(join(dir, 'a1.key'), 'utf8'),
  };
}

/** Removes every file made in this process. */
export function removeA1Files(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  caDir = null;
}
