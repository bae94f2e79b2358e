// Scans at Nova Venda offline, in Chromium: a scanner types a product's code fast and
// Enter (Playwright's keyboard, 5 ms a key); the time from that Enter (the keydown's
// timeStamp) until the sale's table shows the product's line (MutationObserver) is taken
// inside the page. Each scan is a different product (the sale grows one line a scan, as a
// long sale does); the codes are SKUs, which a scan finds as it finds a barcode.
import type { BrowserContext, Page } from '../tests/e2e/support/browser';
import { EXTRA_PRODUCTS } from './lib/config';
import { benchSku } from './lib/extra-products';
import { seeded } from './lib/stats';
import { PRODUCT_SEARCH } from './till-mirror';
import type { Timing } from './till-search';

export const SCANS = 40;
const SCAN_KEY_DELAY_MS = 5;
const SCAN_TIMEOUT_MS = 5000;

/** Arms the page: resolves window.scanTiming when the line with `code` is in the sale's table. */
function armScan(page: Page, code: string) {
  return page.evaluate(
    ({ code, timeoutMs }) => {
      const w = window as unknown as { scanTiming: Promise<{ ms: number; timedOut: boolean }> };
      w.scanTiming = new Promise((resolve) => {
        // The Enter's time is its event's; the line may be drawn before this listener runs
        // (React renders a key's update in the microtasks after the scanner's listener), so
        // whichever comes second ends the measure.
        let t0: number | null = null;
        let t1: number | null = null;
        const done = (timedOut: boolean) => {
          observer.disconnect();
          clearTimeout(timer);
          window.removeEventListener('keydown', onKey, true);
          resolve({ ms: (t1 ?? performance.now()) - (t0 ?? performance.now()), timedOut });
        };
        const onKey = (event: KeyboardEvent) => {
          if (event.key !== 'Enter') return;
          t0 = event.timeStamp;
          if (t1 !== null) done(false);
        };
        const shown = () =>
          document.querySelector('table[aria-label="Itens da Venda"]')?.textContent?.includes(code) ?? false;
        const observer = new MutationObserver(() => {
          if (t1 !== null || !shown()) return;
          t1 = performance.now();
          if (t0 !== null) done(false);
        });
        const timer = setTimeout(() => done(true), timeoutMs);
        window.addEventListener('keydown', onKey, true);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { code, timeoutMs: SCAN_TIMEOUT_MS },
  );
}

export async function offlineScans(context: BrowserContext, page: Page): Promise<Timing[]> {
  await context.setOffline(true);
  try {
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const random = seeded(5);
    const codes = new Set<string>();
    while (codes.size < SCANS) codes.add(benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS)));
    await page.getByPlaceholder(PRODUCT_SEARCH).click();
    const timings: Timing[] = [];
    for (const code of codes) {
      await armScan(page, code);
      await page.keyboard.type(code, { delay: SCAN_KEY_DELAY_MS });
      await page.keyboard.press('Enter');
      const r = await page.evaluate(
        () => (window as unknown as { scanTiming: Promise<{ ms: number; timedOut: boolean }> }).scanTiming,
      );
      // A scan not told from typing (a key more than SCAN_MAX_GAP_MS after the last, on a
      // busy machine) leaves its code in the field: said so, and the field emptied.
      const left = r.timedOut ? await page.getByPlaceholder(PRODUCT_SEARCH).inputValue() : '';
      if (left) await page.getByPlaceholder(PRODUCT_SEARCH).fill('');
      timings.push({ label: left ? `${code} (lida como digitação)` : code, ms: r.ms, detail: 1, timedOut: r.timedOut });
      // A person's pause before the next scan (the scanner tells scans apart by it).
      await new Promise((r) => setTimeout(r, 150));
    }
    return timings;
  } finally {
    await context.setOffline(false);
  }
}
