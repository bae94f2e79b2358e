// The till's contingency key in the real Chromium against the real server. An admin at
// 820 px opens the till (/vendas: the A1 reader, node-forge, is not among its scripts), goes
// to Configurações > Fiscal > 'Contingência off-line' and imports, on this till, the store's
// A1 in the legacy kind (RC2-40 / 3DES, which WebCrypto cannot open), typing its password:
// a file that is not a .pfx, a wrong password, another company's and an expired certificate
// are refused first in pt-BR, keeping nothing. The key IndexedDB keeps is a CryptoKey with
// extractable false that crypto.subtle.exportKey refuses, and what it signs verifies with
// the certificate's public key (node:crypto, outside the browser). The till shows the
// certificate's validity at Nova Venda. The admin removes the key from this till and the
// till drops it; an A1 of today's kind (AES-256/PBKDF2) imported then, and removed by another
// admin through the API while the till is offline, is dropped when the till comes back
// online. Screens at 820 and 390 px.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeA1, removeA1Files, type A1File } from '../../src/shared/fiscal/test/a1-files';
import { A1_MESSAGES } from '../../src/shared/fiscal/a1-rules';
import { SAMPLE_CNPJ } from '../../src/shared/fiscal/test/sample-note';
import { api, loginToken } from './support/api';
import { ARTIFACTS_DIR, screenshot, type Page } from './support/browser';
import { idbCount, until } from './support/idb';
import { goTo, overflow } from './support/layout';
import { fileServer, fileBrowser } from './support/suite';
import { openTill, signIn } from './support/till';
import { importFile as importFileOf, keyCard, openFiscalTab as openFiscalTabOf } from './support/till-key';

const DAY_MS = 86_400_000;
const OTHER_CNPJ = '44555666000181';
const server = fileServer();
const browser = fileBrowser({ width: 820, height: 1180 });
let page: Page;
let a1: A1File;
let adminToken: string;

/** The built chunk that carries the A1 reader (node-forge's PKCS#12). */
const readerChunk = () => {
  const dir = 'dist/assets';
  const file = readdirSync(dir).find(
    (f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes('pkcs12FromAsn1'),
  );
  if (!file) throw new Error('nenhum pedaço do build lê .pfx: rode `npx vite build`');
  return file;
};
/** The scripts this page has loaded (from the network or the service worker). */
const loadedScripts = () =>
  page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));

const card = () => keyCard(page);

/** The card alone, beside the whole page's screenshot (the card is far down the tab). */
async function cardShot(name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await card().screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

const openFiscalTab = () => openFiscalTabOf(page);
const importFile = (file: { name: string; buffer: Buffer }, password: string) => importFileOf(page, file, password);

const pfx = (file: A1File, name = 'certificado.pfx') => ({ name, buffer: file.pfx });

/** The kept key, examined in the page: what it is, whether it exports, and a signature. */
function examineKey(data: string) {
  return page.evaluate(async (text) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('balcao');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const req = db.transaction('tillKeys', 'readonly').objectStore('tillKeys').getAll();
      req.onsuccess = () => resolve(req.result as Record<string, unknown>[]);
      req.onerror = () => reject(req.error);
    });
    db.close();
    const record = records[0]!;
    const key = record.key as CryptoKey;
    const exports: string[] = [];
    for (const format of ['pkcs8', 'jwk'] as const) {
      try {
        await crypto.subtle.exportKey(format, key);
        exports.push(`${format}: exportou`);
      } catch (error) {
        exports.push(`${format}: ${(error as Error).name}`);
      }
    }
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' };
    const signature = new Uint8Array(await crypto.subtle.sign(algorithm, key, new TextEncoder().encode(text)));
    const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
    return {
      count: records.length,
      fields: Object.keys(record).sort(),
      isCryptoKey: key instanceof CryptoKey,
      extractable: key.extractable,
      type: key.type,
      usages: key.usages,
      algorithm: { name: key.algorithm.name, hash: (key.algorithm as RsaHashedKeyAlgorithm).hash.name },
      exports,
      signature: b64(signature),
      certificateDer: b64(record.certificateDer as Uint8Array),
      notAfter: record.notAfter as string,
    };
  }, data);
}

beforeAll(async () => {
  a1 = makeA1({ cnpj: SAMPLE_CNPJ, legacy: true });
  adminToken = await loginToken(server, 'admin@demo.com');
  page = await browser.context.newPage();
  await signIn(server, page, 'admin@demo.com');
});

afterAll(() => removeA1Files());

describe("the till's contingency key", () => {
  it('the till opens without the A1 reader; an admin imports the A1 on it, after pt-BR refusals that keep nothing', async () => {
    await openTill(server, page);
    const reader = readerChunk();
    expect((await loadedScripts()).some((path) => path.endsWith(reader))).toBe(false);
    expect(await page.getByTestId('till-key-notice').count()).toBe(0);

    await openFiscalTab();
    await expect.poll(() => card().getByTestId('this-till-key').textContent()).toContain('não tem a chave');
    expect((await loadedScripts()).some((path) => path.endsWith(reader))).toBe(false);
    await screenshot(page, 'till-key-01-before-820');
    await cardShot('till-key-01-card-820');

    const expired = makeA1({
      cnpj: SAMPLE_CNPJ,
      legacy: true,
      notBefore: new Date(Date.now() - 400 * DAY_MS),
      notAfter: new Date(Date.now() - 2 * DAY_MS),
    });
    const other = makeA1({ cnpj: OTHER_CNPJ, legacy: true });
    const refusals: [{ name: string; buffer: Buffer }, string, string | RegExp][] = [
      [{ name: 'nota.pdf', buffer: Buffer.from('%PDF-1.7 não é um certificado') }, 'qualquer', A1_MESSAGES.notPfx],
      [pfx(a1), 'senha errada', A1_MESSAGES.wrongPassword],
      [pfx(other), other.password, A1_MESSAGES.otherCnpj(OTHER_CNPJ, SAMPLE_CNPJ.slice(0, 8))],
      [
        pfx(expired),
        expired.password,
        /^O certificado venceu em \d{2}\/\d{2}\/\d{4}\. Envie um certificado A1 válido\.$/,
      ],
    ];
    for (const [file, password, message] of refusals) {
      await importFile(file, password);
      const alert = card().getByRole('alert');
      await alert.waitFor();
      const text = (await alert.textContent())!;
      if (typeof message === 'string') expect(text).toBe(message);
      else expect(text).toMatch(message);
      expect(await idbCount(page, 'tillKeys')).toBe(0);
    }
    await screenshot(page, 'till-key-02-refused-820');
    await cardShot('till-key-02-card-refused-820');
    const keys = await api<{ data: { keys: unknown[] } }>(server, 'GET', '/api/fiscal/till-keys', {
      token: adminToken,
    });
    expect(keys.body.data.keys).toEqual([]);

    await importFile(pfx(a1), a1.password);
    await page.getByText('Chave importada neste caixa').waitFor();
    await until(async () => (await idbCount(page, 'tillKeys')) === 1, 'chave no IndexedDB');
    expect((await loadedScripts()).some((path) => path.endsWith(reader))).toBe(true);
    const cert = new X509Certificate(a1.certPem);
    const until_ = new Date(cert.validTo).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    await expect.poll(() => card().getByTestId('this-till-key').textContent()).toContain(`Válido até ${until_}`);
    const row = card().getByRole('list', { name: 'Caixas com a chave' }).getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('este caixa');
    expect(await row.textContent()).toContain(`Válido até ${until_}`);
    expect(await row.textContent()).toContain('Administrador Demo');
    await screenshot(page, 'till-key-03-imported-820');
    await cardShot('till-key-03-card-imported-820');
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
  });

  it('the kept key is a CryptoKey that cannot be exported, and it signs for the certificate', async () => {
    const data = '<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#">nota em contingência</SignedInfo>';
    const key = await examineKey(data);
    expect(key).toMatchObject({
      count: 1,
      isCryptoKey: true,
      extractable: false,
      type: 'private',
      usages: ['sign'],
      algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-1' },
      exports: ['pkcs8: InvalidAccessError', 'jwk: InvalidAccessError'],
    });
    expect(key.fields).toEqual(['certificateDer', 'cnpj', 'fingerprint', 'key', 'notAfter', 'notBefore', 'serial', 'storedAt']); // prettier-ignore
    const cert = new X509Certificate(a1.certPem);
    expect(Buffer.from(key.certificateDer, 'base64').equals(cert.raw)).toBe(true);
    const signature = Buffer.from(key.signature, 'base64');
    expect(verify('sha1', Buffer.from(data), cert.publicKey, signature)).toBe(true);
    expect(verify('sha1', Buffer.from(`${data} `), cert.publicKey, signature)).toBe(false);
  });

  it("Nova Venda shows the certificate's validity, at 820 and 390 px", async () => {
    const cert = new X509Certificate(a1.certPem);
    const date = new Date(cert.validTo).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    await goTo(page, '/vendas');
    const notice = page.getByTestId('till-key-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(`Contingência off-line: certificado deste caixa válido até ${date}.`);
    await screenshot(page, 'till-key-04-vendas-820');
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.waitFor();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'till-key-05-vendas-390');
    await openFiscalTab();
    await card().getByRole('list', { name: 'Caixas com a chave' }).waitFor();
    expect(await overflow(page)).toEqual({ page: null, regions: [] });
    await screenshot(page, 'till-key-06-fiscal-390');
    await cardShot('till-key-06-card-390');
    await page.setViewportSize({ width: 820, height: 1180 });
  });

  it('the admin removes the key from this till: the till drops it, and stops showing it', async () => {
    await openFiscalTab();
    const row = card().getByRole('list', { name: 'Caixas com a chave' }).getByRole('listitem');
    await row.getByRole('button', { name: 'Remover chave' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await screenshot(page, 'till-key-07-remove-820');
    await dialog.getByRole('button', { name: 'Remover chave' }).click();
    await page.getByText('Chave removida').waitFor();
    await until(async () => (await idbCount(page, 'tillKeys')) === 0, 'chave apagada do IndexedDB');
    await expect.poll(() => card().getByTestId('this-till-key').textContent()).toContain('não tem a chave');
    expect(await card().getByText('Nenhum caixa tem a chave').count()).toBe(1);
    const keys = await api<{ data: { keys: { revoked_at: string | null; revoked_by: string }[] } }>(
      server,
      'GET',
      '/api/fiscal/till-keys',
      { token: adminToken },
    );
    expect(keys.body.data.keys).toHaveLength(1);
    expect(keys.body.data.keys[0]).toMatchObject({ revoked_by: 'Administrador Demo' });
    await goTo(page, '/vendas');
    await page.getByText('PDV - Ponto de Venda').waitFor();
    expect(await page.getByTestId('till-key-notice').count()).toBe(0);
  });

  it('removed by another admin while the till is offline, the key is dropped when the till comes back online', async () => {
    // This time an A1 of today's kind (AES-256, PBKDF2, SHA-256 MAC): the browser opens both.
    const modern = makeA1({ cnpj: SAMPLE_CNPJ });
    await openFiscalTab();
    await importFile(pfx(modern), modern.password);
    await page.getByText('Chave importada neste caixa').waitFor();
    await until(async () => (await idbCount(page, 'tillKeys')) === 1, 'chave no IndexedDB');
    const signed = await examineKey('<SignedInfo>outra nota</SignedInfo>');
    expect(signed).toMatchObject({ extractable: false, exports: ['pkcs8: InvalidAccessError', 'jwk: InvalidAccessError'] }); // prettier-ignore
    const modernKey = new X509Certificate(modern.certPem).publicKey;
    expect(verify('sha1', Buffer.from('<SignedInfo>outra nota</SignedInfo>'), modernKey, Buffer.from(signed.signature, 'base64'))).toBe(true); // prettier-ignore
    await goTo(page, '/vendas');
    await page.getByTestId('till-key-notice').waitFor();

    await browser.context.setOffline(true);
    const keys = await api<{ data: { keys: { id: string; revoked_at: string | null }[] } }>(
      server,
      'GET',
      '/api/fiscal/till-keys',
      { token: adminToken },
    );
    const inForce = keys.body.data.keys.find((k) => k.revoked_at === null)!;
    const revoked = await api(server, 'POST', `/api/fiscal/till-keys/${inForce.id}/revoke`, {
      token: adminToken,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(revoked.status).toBe(200);
    // Offline the till still holds it (it cannot know yet).
    expect(await idbCount(page, 'tillKeys')).toBe(1);
    await browser.context.setOffline(false);
    await until(async () => (await idbCount(page, 'tillKeys')) === 0, 'chave apagada ao voltar a conexão');
    await page.getByTestId('till-key-notice').waitFor({ state: 'detached' });
  });
});
