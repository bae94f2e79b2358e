// Offline finish in Chromium: the browser goes offline; for each sale a customer and a
// product are chosen, then the time from the click on 'Finalizar Venda' (for Pix, 'Pix
// recebido': the cashier confirms the payment) to the success toast ('Venda finalizada!')
// is taken inside the page. BENCH_PROFILE writes a CPU profile
// of the page meanwhile.
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '../tests/e2e/support/browser';
import { idbCount } from '../tests/e2e/support/idb';
import type { ApiCustomer } from './lib/catalogue';
import { EXTRA_PRODUCTS } from './lib/config';
import { benchSku } from './lib/extra-products';
import { seeded } from './lib/stats';
import { PRODUCT_SEARCH } from './till-mirror';
import type { Timing } from './till-search';

export const FINISHES = 40;
const CUSTOMER_SEARCH = 'Buscar cliente por nome ou CPF...';
const SUCCESS_TEXT = 'Venda finalizada!';

/** Clicks `label` and times, in the page, until the success toast is in the DOM. */
function timeFinish(page: Page, label: string): Promise<{ ms: number; timedOut: boolean }> {
  return page.evaluate(
    ({ successText, label }) => {
      return new Promise<{ ms: number; timedOut: boolean }>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
        if (!button || button.disabled) {
          reject(new Error(`botão ${label} ausente ou desabilitado`));
          return;
        }
        const has = (node: Node) => (node.textContent ?? '').includes(successText);
        let t0 = 0;
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            const hit = record.type === 'characterData' ? has(record.target) : [...record.addedNodes].some(has);
            if (hit) {
              const ms = performance.now() - t0;
              observer.disconnect();
              clearTimeout(timer);
              resolve({ ms, timedOut: false });
              return;
            }
          }
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve({ ms: performance.now() - t0, timedOut: true });
        }, 5000);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        t0 = performance.now();
        button.click();
      });
    },
    { successText: SUCCESS_TEXT, label },
  );
}

export async function offlineFinishes(
  context: BrowserContext,
  page: Page,
  customers: ApiCustomer[],
): Promise<{ timings: Timing[]; outbox: number }> {
  const outboxBefore = await idbCount(page, 'outbox');
  await context.setOffline(true);
  try {
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const random = seeded(4);
    const timings: Timing[] = [];
    for (let i = 0; i < FINISHES; i++) {
      const customer = customers[i % customers.length]!;
      await page.getByPlaceholder(CUSTOMER_SEARCH).fill(customer.name);
      await page.getByRole('option').filter({ hasText: customer.name }).first().click();
      await page.getByText('Cliente selecionado:').waitFor();
      const sku = benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
      await page.getByPlaceholder(PRODUCT_SEARCH).fill(sku);
      await page.getByRole('option').filter({ hasText: sku }).first().click();
      await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await page.getByRole('table', { name: 'Itens da Venda' }).getByText(sku).first().waitFor();
      const method = (['cash', 'pix', 'debit_card', 'credit_card', 'crediario'] as const)[i % 5]!;
      await page.getByLabel('Forma de pagamento').selectOption(method);
      await new Promise((r) => setTimeout(r, 50));
      const r = await timeFinish(page, method === 'pix' ? 'Pix recebido' : 'Finalizar Venda');
      timings.push({ label: `${method} ${sku}`, ms: r.ms, detail: 1, timedOut: r.timedOut });
      // The form resets after a finished sale.
      await page.getByText('Cliente selecionado:').waitFor({ state: 'detached' });
    }
    return { timings, outbox: (await idbCount(page, 'outbox')) - outboxBefore };
  } finally {
    await context.setOffline(false);
  }
}

/** CPU profile of the page through CDP (Profiler domain), written where `stop` is told. */
export async function startProfile(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return {
    stop: async (file: string) => {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      await cdp.detach();
      console.log(`  perfil de CPU das vendas offline: ${file}`);
    },
  };
}
