// The till on the keyboard and the scanner, in the real Chromium against the real server,
// at 1280 and 390 px: a whole cash sale with the keyboard alone on a new device, of a
// product an admin created just before. The first Tab reaches 'Pular para o conteúdo';
// on arrival with the caixa closed the focus is in 'Fundo de troco', after 'Abrir Caixa'
// and after 'Finalizar Venda' in 'Buscar produto' (no Tab needed to start the next sale);
// <main> is never a tab stop and, at 390 px, the bar at the bottom never hides the field
// the keyboard is in. The new product, typed as fast as the keyboard goes and chosen with
// Enter as soon as its option shows, is chosen (not taken for a barcode scan). axe-core
// finds nothing on Nova Venda, Histórico de Vendas and /login (its experimental
// label-content-name-mismatch on). And the toasts never cover the caixa's buttons nor
// 'Finalizar Venda' at 390, 820 and 1280 px.
import { describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { axeFindings, overlaps } from './support/layout';
import {
  addProduct,
  chooseCustomer,
  finish,
  signIn,
  tillReady,
  type ApiCustomer,
  type ApiProduct,
} from './support/till';
import { fileServer } from './support/suite';

const server = fileServer();

const TILL_RULES = ['label-content-name-mismatch'];

/** What has the focus, by the name a person reads: its label, aria-label or text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    if (el.tagName === 'MAIN') return 'main';
    const byFor = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (el.getAttribute('aria-label') ?? byFor ?? el.textContent ?? el.tagName).trim();
  });
}

/** The focused element's box against the bar at the bottom (null: not under it, or no bar). */
function hiddenByBar(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const bar = document.querySelector('[data-testid="finish-bar"]');
    if (!el || !bar || bar.contains(el) || el === document.body) return null;
    const box = el.getBoundingClientRect();
    const top = bar.getBoundingClientRect().top;
    return box.bottom > top + 0.5 ? `${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName}` : null;
  });
}

/**
 * Records in the page, from its first script, each notice the live region shows and what each
 * Enter went to, so that a sale that does not finish says what the till did (with one notice
 * at a time, a later one replaces the one before).
 */
async function recordTill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __tillSeen: seen });
    const at = () => `${Math.round(performance.now())} ms`;
    new MutationObserver(() => {
      const text = document.querySelector('[data-live-region]')?.textContent?.trim() ?? '';
      if (text && !seen.at(-1)?.endsWith(`aviso: ${text}`)) seen.push(`${at()} aviso: ${text}`);
    }).observe(document, { subtree: true, childList: true, characterData: true });
    document.addEventListener(
      'keydown',
      (event) => {
        const target = event.target as HTMLButtonElement;
        if (event.key === 'Enter') {
          const state = `disabled=${target.disabled} connected=${target.isConnected} prevented=${event.defaultPrevented}`;
          seen.push(`${at()} Enter em ${target.tagName} '${target.textContent?.trim().slice(0, 30)}' ${state}`);
        }
      },
      true,
    );
    document.addEventListener(
      'click',
      (event) => seen.push(`${at()} clique em '${(event.target as HTMLElement).textContent?.trim().slice(0, 30)}'`),
      true,
    );
  });
}

/** What the page recorded (recordTill), the last `n` lines. */
function tillRecord(page: Page, n = 15): Promise<string> {
  return page.evaluate(
    (last) => ((window as unknown as { __tillSeen?: string[] }).__tillSeen ?? []).slice(-last).join('\n'),
    n,
  );
}

interface Walk {
  /** Fields the bar hid while the keyboard was in them. */
  hidden: string[];
  /** Times <main> itself took the focus. */
  mainStops: number;
}

/** Presses `key` until `name` has the focus; answers how many presses it took. */
async function tabsTo(page: Page, name: string, walk: Walk, key = 'Tab', max = 60): Promise<number> {
  for (let presses = 0; presses <= max; presses++) {
    const now = await focused(page);
    if (now === name) return presses;
    if (now === 'main') walk.mainStops++;
    const hidden = await hiddenByBar(page);
    if (hidden) walk.hidden.push(hidden);
    await page.keyboard.press(key);
  }
  throw new Error(`'${name}' não recebeu o foco em ${max} teclas ${key} (foco em '${await focused(page)}')`);
}

async function focusIs(page: Page, name: string) {
  await expect.poll(() => focused(page), { timeout: 15_000 }).toBe(name);
}

/** A product the admin creates just before the cashier sells it. */
async function newProduct(token: string, name: string): Promise<ApiProduct> {
  const created = await api<{ data: ApiProduct }>(server, 'POST', '/api/products', {
    token,
    body: { name, sku: `TEC-${Date.now()}`, current_stock: 20, cost_price: 10, sale_price: 34.9 },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

describe('PDV no teclado', () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    // One retry: on 29/11 the 1280 px run timed out twice in about eight runs (the CI of the
    // NFC-e merge and the first run after it): Enter on 'Finalizar Venda' and no 'Venda
    // finalizada' in 30 s; never reproduced with logging on nor under CPU stress (on 30/11,
    // 12 cold runs, two busy cores and Chromium's CPU slowed six times: Enter always reached
    // the enabled, attached button and the sale finished in under a second). The cause is
    // not known; should it fail again, the error says what the till did after the Enter
    // (recordTill). The retry keeps one cold run from failing the suite.
    it(`uma venda em dinheiro só com o teclado, num aparelho novo, a ${size.width} px`, { retry: 1 }, async () => {
      const adminToken = await loginToken(server, 'admin@demo.com');
      const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', {
        token: adminToken,
      });
      const customer = people.body.data.customers[0]!;
      const product = await newProduct(adminToken, `Regata Teclado ${size.width}`);
      const browser = await openBrowser(size);
      const walk: Walk = { hidden: [], mainStops: 0 };
      try {
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        await recordTill(page);
        await signIn(server, page, 'caixa@demo.com');
        // The first Tab of a screen: the skip link, which puts the keyboard in <main>.
        await page.locator('main h1').first().waitFor();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Tab');
        expect(await focused(page)).toBe('Pular para o conteúdo');
        await page.keyboard.press('Enter');
        expect(await focused(page)).toBe('main');

        // Arrival with the caixa closed: 'Fundo de troco'.
        await page.goto(`${server.demoUrl}/vendas`);
        await tillReady(page, { caixa: false });
        await focusIs(page, 'Fundo de troco');
        // The till has fields all the way down: <main> itself is no tab stop.
        expect(await page.locator('main').getAttribute('tabindex')).toBe('-1');
        await page.keyboard.type('50,00');
        expect(await tabsTo(page, 'Abrir Caixa', walk)).toBe(1);
        await page.keyboard.press('Enter');
        await page.getByTestId('caixa-bar').waitFor();
        await focusIs(page, 'Buscar produto');

        // The customer, one field up.
        await tabsTo(page, 'Buscar cliente', walk, 'Shift+Tab');
        await page.keyboard.type(customer.name);
        await page
          .getByRole('option', { name: new RegExp(customer.name) })
          .first()
          .waitFor();
        await page.keyboard.press('Enter');
        await page.getByText(`Cliente selecionado: ${customer.name}`).waitFor();

        // The new product, typed at the keyboard's speed and chosen with Enter as soon as it shows.
        await tabsTo(page, 'Buscar produto', walk);
        await page.keyboard.type(product.name);
        await page
          .getByRole('option', { name: new RegExp(product.name) })
          .first()
          .waitFor();
        await page.keyboard.press('Enter');
        await focusIs(page, 'Quantidade');
        expect(await page.getByPlaceholder('Buscar produto por código ou nome...').inputValue()).toBe(product.name);
        await page.keyboard.type('2');
        await page.keyboard.press('Enter');
        await page.getByRole('table', { name: 'Itens da Venda' }).getByText(product.name).first().waitFor();
        await focusIs(page, 'Buscar produto');

        // Cash: what was received, then 'Finalizar Venda'.
        await tabsTo(page, 'Valor recebido', walk);
        await page.keyboard.type('100,00');
        await tabsTo(page, 'Finalizar Venda', walk);
        await screenshot(page, `teclado-${size.width}-antes-de-finalizar`);
        await page.keyboard.press('Enter');
        await page
          .getByText(/Venda finalizada! Cliente:/)
          .first()
          .waitFor()
          .catch(async (error: Error) => {
            throw new Error(`${error.message}\nO que o PDV fez:\n${await tillRecord(page)}`);
          });
        // The next sale starts where the keyboard is: no Tab to get back.
        await focusIs(page, 'Buscar produto');
        expect(await tabsTo(page, 'Buscar produto', walk)).toBe(0);
        await screenshot(page, `teclado-${size.width}-venda-finalizada`);

        expect(walk).toEqual({ hidden: [], mainStops: 0 });
        expect(await axeFindings(page, TILL_RULES), 'axe Nova Venda').toEqual([]);

        await page.goto(`${server.demoUrl}/historico-vendas`);
        await page
          .getByRole('button', { name: /^Venda #/ })
          .first()
          .waitFor();
        expect(await axeFindings(page, TILL_RULES), 'axe Histórico de Vendas').toEqual([]);
        await screenshot(page, `teclado-${size.width}-historico`);

        await page.getByRole('button', { name: 'Sair' }).click();
        await page.getByRole('button', { name: 'Entrar' }).waitFor();
        expect(await axeFindings(page, TILL_RULES), 'axe /login').toEqual([]);
      } finally {
        await browser.close();
      }
    });
  }
});

const TILL_BUTTONS = ['Sangria', 'Suprimento', 'Fechar Caixa', 'Finalizar Venda'];

/** The buttons each showing toast covers ('Produto adicionado sobre Sangria'). */
async function covered(page: Page, toastText: string | RegExp): Promise<string[]> {
  const toasts = page.locator('[data-live-region] > *').filter({ hasText: toastText });
  expect(await toasts.count(), `aviso '${String(toastText)}' na tela`).toBeGreaterThan(0);
  const found: string[] = [];
  for (const toast of await toasts.all()) {
    for (const name of TILL_BUTTONS) {
      const button = page.getByRole('button', { name, exact: true });
      if ((await button.count()) > 0 && (await overlaps(toast, button.first()))) {
        found.push(`'${String(toastText)}' sobre ${name}`);
      }
    }
  }
  return found;
}

const PIX_BUTTONS = ['Copiar código Pix', 'Pix recebido'];

/** The Pix charge's buttons a showing toast covers (none need be showing). */
async function pixCovered(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const toast of await page.locator('[data-live-region] > *').all()) {
    const title = (await toast.locator('p').first().textContent()) ?? '';
    for (const name of PIX_BUTTONS) {
      const button = page.getByRole('button', { name, exact: true });
      if ((await button.count()) > 0 && (await overlaps(toast, button.first()))) found.push(`'${title}' sobre ${name}`);
    }
  }
  return found;
}

describe('avisos no PDV', () => {
  it('nunca cobrem Sangria, Suprimento, Fechar Caixa, Finalizar Venda nem os botões do Pix a 390, 820 e 1280 px', async () => {
    const adminToken = await loginToken(server, 'admin@demo.com');
    const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=50', {
      token: adminToken,
    });
    const stocked = catalogue.body.data.products.filter((p) => p.current_stock >= 20);
    const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', {
      token: adminToken,
    });
    const customer = people.body.data.customers[0]!;
    const browser = await openBrowser({ width: 390, height: 844 });
    const found: string[] = [];
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(server, page, 'caixa@demo.com');
      for (const size of [
        { width: 390, height: 844 },
        { width: 820, height: 1180 },
        { width: 1280, height: 800 },
      ]) {
        const at = (problems: string[]) => problems.map((p) => `@${size.width}: ${p}`);
        await page.setViewportSize(size);
        await page.goto(`${server.demoUrl}/vendas`);
        await tillReady(page);
        await chooseCustomer(page, customer.name);
        // Enough lines for the page to scroll: the bar at the bottom is then over the page.
        for (const product of stocked.slice(0, 4)) await addProduct(page, product, 1);
        found.push(...at(await covered(page, 'Produto adicionado')));
        await screenshot(page, `avisos-pdv-${size.width}-produto`);
        // Scrolled to the end and back, the toast still showing.
        await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
        found.push(...at(await covered(page, 'Produto adicionado')));
        await page.locator('main').evaluate((main) => main.scrollTo(0, 0));
        found.push(...at(await covered(page, 'Produto adicionado')));
        // Charging by Pix right after an item: scrolled to 'Pix recebido', as the cashier does.
        await addProduct(page, stocked[0]!, 1);
        await page.getByLabel('Forma de pagamento').selectOption('pix');
        await page.getByRole('button', { name: 'Pix recebido' }).scrollIntoViewIfNeeded();
        found.push(...at(await pixCovered(page)));
        if (size.width === 390) await screenshot(page, 'avisos-pdv-390-pix');
        await page.getByLabel('Forma de pagamento').selectOption('cash');
        await finish(page);
        found.push(...at(await covered(page, /Venda finalizada!/)));
        await screenshot(page, `avisos-pdv-${size.width}-venda`);
      }
    } finally {
      await browser.close();
    }
    expect(found).toEqual([]);
  });
});
