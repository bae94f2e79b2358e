// Every table of the app on a phone (360 and 390 px), in the real Chromium against the real
// server, as the admin, with long names in every column: nothing is cut off inside its box
// (no column hidden past a card's edge, no table wider than its wrapper, no sideways scroll)
// and the page does not scroll sideways. Lower-priority columns fold into the row, as the
// table component does (components/table.tsx, FOLD). Screenshots in test-results/e2e.
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../src/shared/dates';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { clippedInMain, goTo, overflow } from './support/layout';
import { addProduct, chooseCustomer, LONG_PRODUCT, signIn, tillReady, type ApiProduct } from './support/till';
import { fileServer } from './support/suite';

const WIDTHS = [360, 390] as const;

let longProduct: ApiProduct;
const CUSTOMER = 'Maria Aparecida dos Santos Conceição Albuquerque';
const CAIXA = 'Tablet do Balcão Principal Perto da Vitrine';

const server = fileServer();

beforeAll(async () => {
  const token = await loginToken(server, 'admin@demo.com');
  const post = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api<{ data: T }>(server, 'POST', path, { token, body });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.data;
  };
  const today = todayIso();
  const long = await post<ApiProduct>('/api/products', LONG_PRODUCT);
  longProduct = long;
  const plain = await post('/api/products', {
    sku: 'SACOLA-KRAFT-GRANDE',
    name: 'Sacola Kraft Grande',
    current_stock: 300,
    cost_price: 1.1,
    sale_price: 2.5,
  });
  const customer = await post('/api/customers', {
    name: CUSTOMER,
    email: 'maria.aparecida.conceicao.albuquerque@exemplo.com.br',
    phone: '(11) 98765-4321',
    document: '529.982.247-25',
    city: 'São José dos Campos',
  });
  await post('/api/users', {
    name: 'Bartolomeu Fernandes de Albuquerque Cavalcanti',
    email: 'bartolomeu.fernandes.albuquerque@lojademo.com.br',
    role: 'user',
    password: 'senha-longa-1',
  });
  await post('/api/accounts-payable', {
    supplier_name: 'Distribuidora de Tecidos Paulista Ltda.',
    description: 'Reposição de estoque de camisetas, calças e bermudas da coleção de verão',
    amount: 123456.78,
    due_date: today,
    category: 'Matéria-prima',
  });
  const unit = (p: { id: string }, price: number, quantity: number) => ({
    product_id: p.id,
    quantity,
    unit_price: price,
  });
  await post('/api/sales', {
    customer_id: customer.id,
    items: [unit(long, 12999.9, 3), unit(plain, 2.5, 10)],
    payment_method: 'crediario',
    payment_status: 'pending',
    sale_status: 'completed',
    crediario: {
      entrada: 1000,
      parcelas: 6,
      vencimentos: Array.from({ length: 6 }, (_, i) => addDays(today, 30 * (i + 1))),
    },
  });
  const caixa = await post('/api/cash-sessions', {
    device_id: crypto.randomUUID(),
    device_label: CAIXA,
    opening_float: 150,
  });
  const movement = await api(server, 'POST', `/api/cash-sessions/${caixa.id}/movements`, {
    token,
    body: { kind: 'sangria', amount: 98765.43, reason: 'Depósito no banco do fim do expediente' },
  });
  expect(movement.status, JSON.stringify(movement.body)).toBe(201);
  await post('/api/cash-flow', {
    date: today,
    type: 'expense',
    description: 'Manutenção do ar-condicionado da loja e troca dos filtros',
    category: 'Serviços',
    amount: 98765.43,
  });
});

interface Stop {
  name: string;
  path: string;
  /** A tab to open first (its name). */
  tab?: string;
  /** What shows that the table has its rows. */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

const cell = (page: Page, text: string) => page.locator('main').getByText(text).first();

const STOPS: Stop[] = [
  { name: 'produtos', path: '/produtos', ready: (p) => cell(p, 'Calça Jeans Skinny Cintura Alta') },
  { name: 'clientes', path: '/clientes', ready: (p) => cell(p, 'Maria Aparecida dos Santos') },
  { name: 'pagar', path: '/pagar', ready: (p) => cell(p, 'Distribuidora de Tecidos Paulista') },
  { name: 'receber', path: '/receber', ready: (p) => cell(p, 'Maria Aparecida dos Santos') },
  { name: 'fluxo-caixa', path: '/fluxo-caixa', ready: (p) => cell(p, 'Manutenção do ar-condicionado') },
  { name: 'dre', path: '/relatorios-financeiros', tab: 'DRE', ready: (p) => cell(p, 'Receita de vendas') },
  { name: 'balanco', path: '/relatorios-financeiros', tab: 'Balanço', ready: (p) => cell(p, 'Ativo Circulante') },
  {
    name: 'lucratividade',
    path: '/relatorios-financeiros',
    tab: 'Lucratividade',
    ready: (p) => cell(p, 'Crescimento da Receita'),
  },
  {
    name: 'margens',
    path: '/relatorios-financeiros',
    tab: 'Margens',
    ready: (p) => p.getByRole('table', { name: 'Margem por produto' }).getByText('Sacola Kraft Grande'),
  },
  { name: 'usuarios', path: '/configuracoes', tab: 'Usuários', ready: (p) => cell(p, 'Bartolomeu Fernandes') },
  { name: 'caixas', path: '/caixas', ready: (p) => cell(p, CAIXA) },
  { name: 'dashboard', path: '/', ready: (p) => p.getByRole('region', { name: 'Produtos com Estoque Baixo' }) },
];

/**
 * Scrolls a row into view. A cached screen is drawn again when the server's answer
 * arrives, so the row found a moment ago may be replaced mid-scroll: find it again.
 */
async function scrollIntoView(row: ReturnType<Page['locator']>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await row.scrollIntoViewIfNeeded();
      return;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('not attached')) throw error;
    }
  }
}

describe('tabelas em telas estreitas', () => {
  it('a 360 e 390 px nada fica cortado dentro da sua caixa nem rola de lado', async () => {
    const browser = await openBrowser({ width: WIDTHS[0], height: 780 });
    const found: string[] = [];
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(server, page, 'admin@demo.com');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 780 });
        for (const stop of STOPS) {
          await goTo(page, stop.path);
          if (stop.tab) await page.getByRole('tab', { name: stop.tab, exact: true }).click();
          await stop.ready(page).waitFor();
          // The screen scrolls inside main: the table's rows into view for the picture.
          await scrollIntoView(stop.ready(page));
          await screenshot(page, `tabelas-${stop.name}-${width}`);
          const where = `${stop.name} @${width}`;
          for (const problem of await clippedInMain(page)) found.push(`${where}: cortado: ${problem}`);
          const wide = await overflow(page);
          if (wide.page) found.push(`${where}: página rola de lado (${wide.page.scrollWidth}px)`);
        }
        // Nova Venda's items, with the longest line a sale can have.
        await goTo(page, '/vendas');
        await tillReady(page);
        await chooseCustomer(page, CUSTOMER);
        await addProduct(page, longProduct, 150);
        await screenshot(page, `tabelas-itens-da-venda-${width}`);
        for (const problem of await clippedInMain(page)) found.push(`itens da venda @${width}: cortado: ${problem}`);
        await page
          .getByRole('button', { name: /Remover/ })
          .first()
          .click();
      }
    } finally {
      await browser.close();
    }
    expect(found).toEqual([]);
  });
});
