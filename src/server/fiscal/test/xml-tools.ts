// The official tools the fiscal tests hold our documents to: xmllint (libxml2) validates
// against the schemas in ../shared/nfe and writes the canonical form; xmlsec1 verifies
// signatures and shows what it canonicalized before digesting and signing. `npm test`
// installs both (scripts/test.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const SCHEMA_DIR = resolve(import.meta.dirname, '../../../../../shared/nfe/schemas/PL_010_V1.30');
export const NFE_SCHEMA = join(SCHEMA_DIR, 'nfe_v4.00.xsd');
/** The authorization request (enviNFe, a lote of notes) sent to NFeAutorizacao4. */
export const ENVI_NFE_SCHEMA = join(SCHEMA_DIR, 'enviNFe_v4.00.xsd');
/** The other requests and the documents kept after an answer. */
export const SCHEMAS = {
  enviNFe: ENVI_NFE_SCHEMA,
  envEventoCanc: join(SCHEMA_DIR, 'envEventoCancNFe_v1.00.xsd'),
  eventoCanc: join(SCHEMA_DIR, 'eventoCancNFe_v1.00.xsd'),
  envEventoCancSubst: join(SCHEMA_DIR, 'envEventoCancSubst_v1.00.xsd'),
  eventoCancSubst: join(SCHEMA_DIR, 'eventoCancSubst_v1.00.xsd'),
  inutNFe: join(SCHEMA_DIR, 'inutNFe_v4.00.xsd'),
  consSitNFe: join(SCHEMA_DIR, 'consSitNFe_v4.00.xsd'),
  consStatServ: join(SCHEMA_DIR, 'consStatServ_v4.00.xsd'),
  retEnviNFe: join(SCHEMA_DIR, 'retEnviNFe_v4.00.xsd'),
  retConsSitNFe: join(SCHEMA_DIR, 'retConsSitNFe_v4.00.xsd'),
  retEnvEvento: join(SCHEMA_DIR, 'retEnvEventoCancNFe_v1.00.xsd'),
  retEnvEventoCancSubst: join(SCHEMA_DIR, 'retEnvEventoCancSubst_v1.00.xsd'),
  retInutNFe: join(SCHEMA_DIR, 'retInutNFe_v4.00.xsd'),
  retConsStatServ: join(SCHEMA_DIR, 'retConsStatServ_v4.00.xsd'),
  procNFe: join(SCHEMA_DIR, 'procNFe_v4.00.xsd'),
  procEventoCanc: join(SCHEMA_DIR, 'procEventoCancNFe_v1.00.xsd'),
  procEventoCancSubst: join(SCHEMA_DIR, 'procEventoCancSubst_v1.00.xsd'),
  procInutNFe: join(SCHEMA_DIR, 'procInutNFe_v4.00.xsd'),
} as const;

export function requireTools(): void {
  for (const tool of ['/usr/bin/xmllint', '/usr/bin/xmlsec1'])
    if (!existsSync(tool)) throw new Error(`${tool} ausente: rode npm test (instala libxml2-utils e xmlsec1)`);
  if (!existsSync(NFE_SCHEMA)) throw new Error(`Esquemas oficiais ausentes: ${NFE_SCHEMA}`);
}

const written: string[] = [];

/** Writes documents into a fresh folder; returns their paths. */
export function writeDocuments(docs: readonly string[], prefix = 'nfce'): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'balcao-nfce-'));
  written.push(dir);
  return docs.map((xml, i) => {
    const path = join(dir, `${prefix}-${i + 1}.xml`);
    writeFileSync(path, xml);
    return path;
  });
}

/** Removes the folders writeDocuments made. */
export function removeWrittenDocuments(): void {
  for (const dir of written.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

/** xmllint --schema over many files at once: the files that failed, with xmllint's words. */
export function schemaFailures(paths: readonly string[], schema = NFE_SCHEMA): string[] {
  const r = run('xmllint', ['--noout', '--schema', schema, ...paths]);
  const failed = paths.filter((p) => !r.stderr.includes(`${p} validates`));
  return failed.length ? [r.stderr] : [];
}

export function canonicalize(path: string): string {
  const r = run('xmllint', ['--c14n', path]);
  if (r.status !== 0) throw new Error(r.stderr);
  return r.stdout;
}

const XMLSEC_ID = ['--id-attr:Id', 'http://www.portalfiscal.inf.br/nfe:infNFe'];
/** The signed elements of every fiscal document (xmlsec1 needs to be told which attribute is an ID). */
const XMLSEC_IDS = ['infNFe', 'infEvento', 'infInut'].flatMap((e) => [
  '--id-attr:Id',
  `http://www.portalfiscal.inf.br/nfe:${e}`,
]);

/**
 * xmlsec1 --verify with `caPath` as the only trusted root; the signed element may be a
 * note's infNFe, an event's infEvento or an inutilização's infInut. xmlsec1 checks the
 * first <Signature> of the file (the only one in each document we write or keep).
 */
export function verifySignature(path: string, caPath: string): { ok: boolean; output: string } {
  const r = run('xmlsec1', ['--verify', ...XMLSEC_IDS, '--trusted-pem', caPath, path]);
  return { ok: r.status === 0, output: r.stderr + r.stdout };
}

/** What xmlsec1 canonicalized before digesting the Reference and before signing SignedInfo. */
export function xmlsecBuffers(path: string, caPath: string): { preDigest: string; preSigned: string } {
  const r = run('xmlsec1', ['--verify', '--store-references', '--store-signatures', '--print-debug', ...XMLSEC_ID,
    '--trusted-pem', caPath, path]); // prettier-ignore
  const between = (label: string) => {
    const start = `== ${label} data - start buffer:\n`;
    const from = r.stdout.indexOf(start);
    const to = r.stdout.indexOf(`\n== ${label} data - end buffer`, from);
    if (from < 0 || to < 0) throw new Error(`xmlsec1 não mostrou ${label}: ${r.stderr}`);
    return r.stdout.slice(from + start.length, to);
  };
  return { preDigest: between('PreDigest'), preSigned: between('PreSigned') };
}
