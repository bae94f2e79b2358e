// The stand-in SEFAZ's own certificate and its official tools, run per request without
// blocking its event loop: xmllint against the schema, xmlsec1 against the CA that issued
// the stores' A1 certificates. Test code: not part of the product.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ServerCertificate {
  dir: string;
  caPem: string;
  caPath: string;
  keyPem: string;
  certPem: string;
}

/** A throwaway CA and a server certificate for 127.0.0.1 and localhost, valid for a week. */
export function makeServerCertificate(): ServerCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-sefaz-'));
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(join(dir, 'ext.cnf'), '[srv]\nbasicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n'); // prettier-ignore
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '7',
    '-subj', '/C=BR/O=Balcao/CN=AC SEFAZ DE TESTE', '-addext', 'basicConstraints=critical,CA:TRUE',
    '-addext', 'keyUsage=critical,keyCertSign,cRLSign']); // prettier-ignore
  openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/C=BR/CN=127.0.0.1']); // prettier-ignore
  openssl(['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem',
    '-days', '7', '-extfile', 'ext.cnf', '-extensions', 'srv']); // prettier-ignore
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return { dir, caPem: read('ca.pem'), caPath: join(dir, 'ca.pem'), keyPem: read('srv.key'), certPem: read('srv.pem') };
}

export function removeServerCertificate(cert: ServerCertificate): void {
  rmSync(cert.dir, { recursive: true, force: true });
}

const run = (cmd: string, args: string[]) =>
  new Promise<{ ok: boolean; output: string }>((done) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      done({ ok: !error, output: `${stderr}${stdout}` }),
    );
  });

const ID_ATTRS = ['infNFe', 'infEvento', 'infInut'].flatMap((e) => [
  '--id-attr:Id',
  `http://www.portalfiscal.inf.br/nfe:${e}`,
]);

/** A folder of request files for one stand-in; `check` validates and verifies a document. */
export function createChecker(clientCaPem: string) {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-sefaz-req-'));
  // xmlsec1 reads one certificate per --trusted-pem: one file per CA.
  const trusted = (clientCaPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).flatMap(
    (pem, i) => {
      const path = join(dir, `client-ca-${i}.pem`);
      writeFileSync(path, `${pem}\n`);
      return ['--trusted-pem', path];
    },
  );
  let n = 0;
  return {
    async schema(document: string, schema: string): Promise<{ ok: boolean; output: string }> {
      const path = join(dir, `req-${++n}.xml`);
      await writeFile(path, document);
      const r = await run('xmllint', ['--noout', '--schema', schema, path]);
      rmSync(path, { force: true });
      return r;
    },
    async signature(document: string): Promise<{ ok: boolean; output: string }> {
      const path = join(dir, `sig-${++n}.xml`);
      await writeFile(path, document);
      const r = await run('xmlsec1', ['--verify', ...ID_ATTRS, ...trusted, path]);
      rmSync(path, { force: true });
      return r;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
