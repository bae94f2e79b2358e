// Offline finish in Chromium: the browser goes offline; for each sale a customer and a
// product are chosen, then the time from the click on 'Finalizar Venda' to the success
// toast ('Venda finalizada!') is taken inside the page: FINISHES sales by one method each,
// then SPLIT_FINISHES paid with 'Dividir pagamento' (R$ 1,00 on the debit card, the rest in
// cash with change). BENCH_PROFILE writes a CPU profile of the page meanwhile.
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '../tests/e2e/support/browser';
import { idbCount } from '../tests/e2e/support/idb';
import { openCaixa } from '../tests/e2e/support/till';
import type { ApiCustomer } from './lib/catalogue';
import { EXTRA_PRODUCTS } from './lib/config';
import { benchSku } from './lib/extra-products';
import { seeded } from './lib/stats';
import { PRODUCT_SEARCH } from './till-mirror';
import type { Timing } from './till-search';

export const FINISHES = 40;
export const SPLIT_FINISHES = 20;
/** The label of a split sale's timing starts with this. */
export const SPLIT_LABEL = 'dividido';
const CUSTOMER_SEARCH = 'Buscar cliente por nome ou CPF...';
const SUCCESS_TEXT = 'Venda finalizada!';

/** Clicks the button that finishes the sale ('Finalizar Venda'; 'Pix recebido' for Pix) and times, in the page, until the success toast is in the DOM. */
export function timeFinish(page: Page, buttonText: string): Promise<{ ms: number; timedOut: boolean }> {
  return page.evaluate(
    ([successText, text]) => {
      return new Promise<{ ms: number; timedOut: boolean }>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
        if (!button || button.disabled) {
          reject(new Error(`botão ${text} ausente ou desabilitado`));
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
    [SUCCESS_TEXT, buttonText] as const,
  );
}

export async function offlineFinishes(
  context: BrowserContext,
  page: Page,
  customers: ApiCustomer[],
): Promise<{ timings: Timing[]; outbox: number }> {
  // A sale needs the device's caixa open: opened online, as the cashier does first.
  await openCaixa(page);
  const outboxBefore = await idbCount(page, 'outbox');
  await context.setOffline(true);
  try {
    await page.getByText('Offline', { exact: true }).first().waitFor();
    const random = seeded(4);
    const timings: Timing[] = [];
    for (let i = 0; i < FINISHES + SPLIT_FINISHES; i++) {
      const sku = benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
      const payment = i < FINISHES ? METHODS[i % METHODS.length]! : 'split';
      timings.push(await finishOne(page, customers[i % customers.length]!, sku, payment, i + 1));
    }
    return { timings, outbox: (await idbCount(page, 'outbox')) - outboxBefore };
  } finally {
    await context.setOffline(false);
  }
}

export const METHODS = ['cash', 'pix', 'debit_card', 'credit_card', 'crediario'] as const;

/**
 * One sale rung up on the till (the customer, one product by its SKU, the payment: one
 * method or 'split') and finished, timed from the click to the success toast; returns when
 * the form has reset for the next one. `n` names the sale in an error.
 */
export async function finishOne(
  page: Page,
  customer: ApiCustomer,
  sku: string,
  payment: (typeof METHODS)[number] | 'split',
  n: number,
): Promise<Timing> {
  await page.getByPlaceholder(CUSTOMER_SEARCH).fill(customer.name);
  await page.getByRole('option').filter({ hasText: customer.name }).first().click();
  await page.getByText(`Cliente selecionado: ${customer.name}`).waitFor();
  await page.getByPlaceholder(PRODUCT_SEARCH).fill(sku);
  await page.getByRole('option').filter({ hasText: sku }).first().click();
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await page.getByRole('table', { name: 'Itens da Venda' }).getByText(sku).first().waitFor();
  let label: string;
  let button = 'Finalizar Venda';
  if (payment !== 'split') {
    await page.getByLabel('Forma de pagamento').selectOption(payment);
    label = `${payment} ${sku}`;
    if (payment === 'pix') button = 'Pix recebido';
  } else {
    await splitPayment(page);
    label = `${SPLIT_LABEL} ${sku}`;
  }
  // Pix's dialog (and its 'Pix recebido') is loaded when first chosen: wait for the
  // button to be there and enabled before timing its click.
  await page.waitForFunction(
    (text) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === text && !b.disabled),
    button,
  );
  await new Promise((r) => setTimeout(r, 50));
  const r = await timeFinish(page, button).catch((err: unknown) => {
    throw new Error(`venda ${n} (${label}): ${err instanceof Error ? err.message : String(err)}`);
  });
  // The form resets after a finished sale: its cart empties (the customer may stay: the
  // store's 'Consumidor final', which the next sale starts with).
  await page.getByRole('table', { name: 'Itens da Venda' }).getByText(sku).first().waitFor({ state: 'detached' });
  return { label, ms: r.ms, detail: 1, timedOut: r.timedOut };
}

/** 'Dividir pagamento': R$ 1,00 on the debit card, the rest in cash, R$ 50,00 more handed over. */
async function splitPayment(page: Page) {
  await page.getByLabel('Forma de pagamento').selectOption('cash');
  await page.getByLabel('Dividir pagamento').check();
  await page.getByLabel('Forma 1').selectOption('debit_card');
  await page.getByLabel('Forma 2').selectOption('cash');
  await page.getByLabel('Valor 1', { exact: true }).fill('1,00');
  const missing = (await page.getByTestId('split-remaining').textContent()) ?? '';
  const rest = /Falta: R\$\s*([\d.,]+)/.exec(missing.replace(/\s/g, ' '))?.[1];
  if (!rest) throw new Error(`divisão sem o que falta: '${missing}'`);
  await page.getByLabel('Valor 2', { exact: true }).fill(rest);
  const cents = Math.round(Number(rest.replace(/\./g, '').replace(',', '.')) * 100) + 5000;
  await page.getByLabel('Valor recebido 2', { exact: true }).fill((cents / 100).toFixed(2).replace('.', ','));
  await page.getByText('Total coberto').waitFor();
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
