// The system Chromium driven by playwright-core, with the flags this machine needs.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ARTIFACTS_DIR = 'test-results/e2e';

/**
 * A persistent context on an empty profile (service workers need a real profile).
 * `lang`: the browser's language (--lang and the context locale), pt-BR unless given.
 */
export async function openBrowser(viewport = { width: 1280, height: 800 }, { lang }: { lang?: string } = {}) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'balcao-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: lang ? [...CHROMIUM_ARGS, `--lang=${lang}`] : CHROMIUM_ARGS,
    headless: true,
    viewport,
    locale: lang ?? 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Waits until a service worker controls the page (the shell is precached by then). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

export type { BrowserContext, Page };
