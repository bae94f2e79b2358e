// Every screen at every size, in the real Chromium against the real server, as the admin
// and as the cashier, at 360, 390, 820, 1024 and 1440 px: no horizontal page scroll (and
// no sideways scroll region that the keyboard cannot reach), the screen's primary action
// inside the viewport, exactly one h1, and no serious or critical axe-core violation.
// Nova Venda with a full cart (one line with a long name, price and quantity): total and
// 'Finalizar Venda' on screen at every size, toasts clear of it and of the top bar, the
// items inside their card with room for the names, the product search not squeezed on a
// tablet. Screenshots in test-results/e2e.
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Page } from './support/browser';
import { axeSerious, goTo, h1Count, inViewport, overflow, overlaps } from './support/layout';
import { addProduct, chooseCustomer, LONG_PRODUCT, signIn, tillReady, type ApiCustomer, type ApiProduct } from './support/till';
import { api, loginToken } from './support/api';
import { PAYABLE_CATEGORIES } from '../../src/shared/constants';
import { addDays } from '../../src/shared/dates';
import { fileServer } from './support/suite';

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const;

/** Each screen and its primary action (a button's name); without one, its h1 stands for it. */
const SCREENS: { path: string; name: string; action?: string }[] = [
  { path: '/', name: 'dashboard' },
  { path: '/vendas', name: 'vendas', action: 'Finalizar Venda' },
  { path: '/produtos', name: 'produtos', action: 'Novo Produto' },
  { path: '/clientes', name: 'clientes', action: 'Novo Cliente' },
  { path: '/pagar', name: 'pagar', action: 'Nova Conta' },
  { path: '/receber', name: 'receber', action: 'Nova Conta' },
  { path: '/fluxo-caixa', name: 'fluxo-caixa', action: 'Novo Lançamento' },
  { path: '/relatorios-financeiros', name: 'relatorios' },
  { path: '/configuracoes', name: 'configuracoes' },
];

const ROLES = [
  { role: 'admin', email: 'admin@demo.com' },
  { role: 'caixa', email: 'caixa@demo.com' },
] as const;

let products: ApiProduct[] = [];
/** A line that strains the items table: a long name, a big price and quantity. */
let longProduct: ApiProduct;
let customerName = '';

const server = fileServer();

beforeAll(async () => {
  // Rows in every table: a bill to pay, and a crediário sale (its receivables and its
  // entrada in the cash book), with the longest names the demo has.
  const token = await loginToken(server, 'admin@demo.com');
  const catalogue = await api<{ data: { products: ApiProduct[] } }>(server, 'GET', '/api/products?limit=200', {
    token,
  });
  products = catalogue.body.data.products.filter((p) => p.current_stock > 5);
  const created = await api<{ data: ApiProduct }>(server, 'POST', '/api/products', {
    token,
    body: LONG_PRODUCT,
  });
  expect(created.status).toBe(201);
  longProduct = created.body.data;
  const people = await api<{ data: { customers: ApiCustomer[] } }>(server, 'GET', '/api/customers?limit=1', { token });
  const customer = people.body.data.customers[0]!;
  customerName = customer.name;
  const today = new Date().toISOString().slice(0, 10);
  const bill = await api(server, 'POST', '/api/accounts-payable', {
    token,
    body: {
      supplier_name: 'Distribuidora de Tecidos Paulista Ltda.',
      description: 'Reposição de estoque de camisetas e calças',
      amount: 1234.56,
      due_date: today,
      category: PAYABLE_CATEGORIES[0],
    },
  });
  expect(bill.status).toBe(201);
  const product = products[0]!;
  const sale = await api(server, 'POST', '/api/sales', {
    token,
    body: {
      customer_id: customer.id,
      items: [{ product_id: product.id, quantity: 3, unit_price: product.sale_price }],
      payment_method: 'crediario',
      payment_status: 'pending',
      sale_status: 'completed',
      crediario: {
        entrada: 10,
        parcelas: 6,
        vencimentos: Array.from({ length: 6 }, (_, i) => addDays(today, 30 * (i + 1))),
      },
    },
  });
  expect(sale.status).toBe(201);
});

/** The screen has drawn: its h1 is there and nothing says 'Carregando...'. */
async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page
    .locator('main')
    .getByText('Carregando...', { exact: true })
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

/** What a screen must satisfy at any size; the problems found, in words. */
async function problemsOf(page: Page, action: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  const wide = await overflow(page);
  if (wide.page) problems.push(`página rola de lado: ${wide.page.scrollWidth} > ${wide.page.innerWidth}`);
  for (const region of wide.regions) problems.push(`região rola de lado sem foco/rótulo: ${region}`);
  const h1s = await h1Count(page);
  if (h1s !== 1) problems.push(`${h1s} h1`);
  const button = action ? page.locator('main').getByRole('button', { name: action, exact: true }) : null;
  const primary = button && (await button.count()) > 0 ? button.first() : page.locator('main h1').first();
  if (!(await inViewport(primary))) problems.push(`ação principal fora da tela: ${action ?? 'h1'}`);
  for (const finding of await axeSerious(page)) {
    problems.push(`axe ${finding.impact} ${finding.id}: ${finding.help} [${finding.targets.join(' | ')}]`);
  }
  return problems;
}

describe('todas as telas em todos os tamanhos', () => {
  for (const { role, email } of ROLES) {
    it(`${role}: sem rolagem lateral, ação principal visível, um h1, axe sem graves`, async () => {
      const browser = await openBrowser(SIZES[4]);
      const found: string[] = [];
      try {
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        await signIn(server, page, email);
        for (const size of SIZES) {
          await page.setViewportSize(size);
          for (const screen of SCREENS) {
            await goTo(page, screen.path);
            await settled(page);
            await screenshot(page, `layout-${role}-${screen.name}-${size.width}`);
            for (const problem of await problemsOf(page, screen.action)) {
              found.push(`${role} ${screen.path} @${size.width}: ${problem}`);
            }
          }
        }
      } finally {
        await browser.close();
      }
      expect(found).toEqual([]);
    });
  }
});

/**
 * 'Itens da Venda' reads well: every cell inside the card (no clipped column, the remove
 * button in reach) and each product's name given room (not one word per line).
 */
function itemsTableProblems(page: Page): Promise<string[]> {
  return page.getByRole('table', { name: 'Itens da Venda' }).evaluate((table) => {
    const MIN_NAME_PX = 160;
    const card = table.parentElement!.getBoundingClientRect();
    const problems: string[] = [];
    for (const cell of table.querySelectorAll('th, td')) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue; // a header hidden while lines are blocks
      if (box.left < card.left - 0.5 || box.right > card.right + 0.5) {
        problems.push(`célula fora do cartão dos itens: '${(cell.textContent ?? '').trim().slice(0, 30)}'`);
      }
    }
    for (const row of table.querySelectorAll('tbody tr')) {
      const name = row.querySelector('td');
      const width = name?.getBoundingClientRect().width ?? 0;
      if (row.querySelectorAll('td').length > 1 && width < MIN_NAME_PX) {
        problems.push(`nome do produto espremido (${Math.round(width)}px)`);
      }
    }
    return problems;
  });
}

describe('Nova Venda com a venda cheia', () => {
  it('total e Finalizar Venda sempre na tela; avisos longe do botão e da barra; itens e busca não espremidos', async () => {
    const browser = await openBrowser(SIZES[0]);
    const found: string[] = [];
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(server, page, 'caixa@demo.com');
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.goto(`${server.demoUrl}/vendas`);
        await tillReady(page);
        await chooseCustomer(page, customerName);
        for (const product of products.slice(0, 3)) await addProduct(page, product, 1);
        await addProduct(page, longProduct, 150);
        await page.getByLabel('Forma de pagamento').selectOption('crediario');
        await page.getByLabel('Número de parcelas').selectOption('6');
        // A toast is showing now ('Produto adicionado'): it must not cover the button.
        const finish = page.getByRole('button', { name: 'Finalizar Venda', exact: true });
        const toast = page.getByRole('status').filter({ hasText: 'Produto adicionado' }).first();
        const where = `@${size.width}x${size.height}`;
        if (!(await inViewport(finish))) found.push(`${where}: Finalizar Venda fora da tela`);
        if (await finish.isDisabled()) found.push(`${where}: Finalizar Venda desabilitado`);
        const total = size.width >= 1280 ? page.getByTestId('sale-total') : page.getByTestId('finish-bar');
        if (!(await inViewport(total))) found.push(`${where}: total fora da tela`);
        if ((await toast.count()) > 0 && (await overlaps(toast, finish))) found.push(`${where}: aviso cobre o botão`);
        if ((await toast.count()) > 0 && (await overlaps(toast, page.locator('header'))))
          found.push(`${where}: aviso cobre a barra superior`);
        for (const problem of await itemsTableProblems(page)) found.push(`${where}: ${problem}`);
        const search = page.getByPlaceholder('Buscar produto por código ou nome...');
        const searchBox = await search.boundingBox();
        if (!searchBox || searchBox.width < Math.min(280, size.width - 80)) {
          found.push(`${where}: busca de produto espremida (${searchBox?.width ?? 0}px)`);
        }
        const wide = await overflow(page);
        if (wide.page) found.push(`${where}: página rola de lado`);
        for (const region of wide.regions) found.push(`${where}: região rola de lado: ${region}`);
        for (const finding of await axeSerious(page))
          found.push(`${where}: axe ${finding.id} [${finding.targets.join(' | ')}]`);
        await screenshot(page, `layout-nova-venda-cheia-${size.width}`);
        await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
        await screenshot(page, `layout-nova-venda-cheia-${size.width}-fim`);
        if (!(await inViewport(finish))) found.push(`${where}: Finalizar Venda fora da tela no fim da página`);
        if (size.width < 1280) {
          // The bar stays flush with the bottom at the end too (no strip of page below it).
          const gap = await page
            .getByTestId('finish-bar')
            .evaluate((bar) => window.innerHeight - bar.getBoundingClientRect().bottom);
          if (Math.abs(gap) > 1) found.push(`${where}: ${Math.round(gap)}px abaixo da barra no fim da página`);
        }
        // The instalments: the summary names the same parts as the list of due dates.
        const plan = (await page.getByTestId('installment-value').textContent()) ?? '';
        const listed = await page.getByRole('list', { name: 'Vencimentos' }).getByRole('listitem').allTextContents();
        if (listed.length !== 6) found.push(`${where}: ${listed.length} parcelas na lista`);
        if (!/^\d+x (de )?R\$/.test(plan.replace(/\s/g, ' '))) found.push(`${where}: plano '${plan}'`);
      }
    } finally {
      await browser.close();
    }
    expect(found).toEqual([]);
  });
});

describe('o menu em gaveta (telas pequenas)', () => {
  it('Escape fecha, o foco fica dentro enquanto aberto e volta ao botão do menu', async () => {
    const browser = await openBrowser(SIZES[1]);
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(server, page, 'admin@demo.com');
      const toggle = page.getByRole('button', { name: 'Alternar menu' });
      const drawer = page.locator('#app-sidebar');
      const focusInDrawer = () => drawer.evaluate((el) => el.contains(document.activeElement));
      await toggle.click();
      await page.waitForFunction(() => document.querySelector('#app-sidebar')?.contains(document.activeElement));
      await screenshot(page, 'layout-gaveta-aberta-390');
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        expect(await focusInDrawer(), `Tab ${i}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await browser.close();
    }
  });
});
