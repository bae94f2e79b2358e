// A new version of the app reaching an installed till: its service worker installs beside
// the running one and waits; the page says 'Nova versão disponível', and only 'Atualizar'
// swaps it in and reloads (never in the middle of a sale). The server serves a copy of
// dist/ (DIST_DIR); the deploy is that copy's sw.js changing, as every build changes it (its
// precache list): the browser compares the script's bytes on the next navigation.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openTill, signIn } from './support/till';
import { fileBrowser, fileServer } from './support/suite';

const dist = mkdtempSync(join(tmpdir(), 'balcao-dist-'));
cpSync('dist', dist, { recursive: true });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const server = fileServer({ DIST_DIR: dist });
const tablet = fileBrowser({ width: 820, height: 1180 });

/** A deploy of a new version: sw.js (and its compressed copies) change. */
function deployNewVersion() {
  const script = `${readFileSync(join(dist, 'sw.js'), 'utf8')}\n// nova versão\n`;
  writeFileSync(join(dist, 'sw.js'), script);
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'sw.js.gz'), gzipSync(script));
}

const workerState = () =>
  navigator.serviceWorker.getRegistration().then((registration) => ({
    waiting: Boolean(registration?.waiting),
    controlled: Boolean(navigator.serviceWorker.controller),
  }));

describe('nova versão do app', () => {
  it('instala ao lado, avisa e só troca com Atualizar', async () => {
    const page = await tablet.context.newPage();
    await signIn(server, page, 'caixa@demo.com');
    await openTill(server, page);
    const banner = page.getByText('Nova versão disponível');
    expect(await banner.count()).toBe(0);

    deployNewVersion();
    await page.reload();
    await banner.waitFor();
    // Still the old version until the person says so.
    expect(await page.evaluate(workerState)).toEqual({ waiting: true, controlled: true });
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

    await page.getByRole('button', { name: 'Atualizar' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
    await page.getByText('PDV - Ponto de Venda').waitFor();
    expect(await page.evaluate(workerState)).toEqual({ waiting: false, controlled: true });
    expect(await banner.count()).toBe(0);
  });
});
