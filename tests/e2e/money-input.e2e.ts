// Money typed the Brazilian way, whatever the browser's language: in a Chromium run in
// en-US and in pt-BR, a product's sale price typed '119,90', '119.90', '1.234,56' or pasted
// 'R$ 1.234,56' is saved as the right amount (read back from the API). And a quantity of
// zero on 'Adicionar' gets the spec's words, never the browser's bubble.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken } from './support/api';
import { openBrowser, screenshot, type Page } from './support/browser';
import { signIn, tillReady, type ApiProduct } from './support/till';
import { fileServer } from './support/suite';

let token: string;

const server = fileServer();

beforeAll(async () => {
  token = await loginToken(server, 'admin@demo.com');
});

const CASES = [
  { typed: '119,90', how: 'type', reais: 119.9, shown: '119,90' },
  { typed: '119.90', how: 'type', reais: 119.9, shown: '119,90' },
  { typed: '1.234,56', how: 'type', reais: 1234.56, shown: '1.234,56' },
  { typed: 'R$ 1.234,56', how: 'paste', reais: 1234.56, shown: '1.234,56' },
] as const;

async function createProduct(page: Page, sku: string, price: (typeof CASES)[number]) {
  await page.getByRole('button', { name: 'Novo Produto' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Adicionar Novo Produto').waitFor();
  await dialog.getByLabel('SKU').fill(sku);
  await dialog.getByLabel('Nome').fill(`Produto ${sku}`);
  const field = dialog.getByLabel('Preço de venda');
  await field.click();
  await field.press('Control+A');
  await field.press('Delete');
  if (price.how === 'type') {
    await field.pressSequentially(price.typed);
  } else {
    await page.evaluate((text) => navigator.clipboard.writeText(text), price.typed);
    await field.press('Control+V');
  }
  expect(await field.getAttribute('inputmode')).toBe('decimal');
  await dialog.getByLabel('Cor').click(); // leaves the price: it shows formatted
  expect(await field.inputValue()).toBe(price.shown);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await page.getByText('Produto adicionado com sucesso!').first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('dinheiro digitado em qualquer idioma do navegador', () => {
  for (const lang of ['en-US', 'pt-BR'] as const) {
    it(`${lang}: vírgula, ponto, milhar e colado com R$ chegam certos ao servidor`, async () => {
      const browser = await openBrowser({ width: 1280, height: 800 }, { lang });
      try {
        await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.demoUrl });
        const page = browser.context.pages()[0] ?? (await browser.context.newPage());
        expect(await page.evaluate(() => navigator.language)).toBe(lang);
        await signIn(server, page, 'admin@demo.com');
        await page.goto(`${server.demoUrl}/produtos`);
        await page.getByText('Gestão de Produtos').waitFor();
        for (const [i, price] of CASES.entries()) {
          const sku = `MONEY-${lang}-${i}`;
          await createProduct(page, sku, price);
          const saved = await api<{ data: { products: ApiProduct[] } }>(
            server,
            'GET',
            `/api/products?search=${encodeURIComponent(sku)}`,
            { token },
          );
          const product = saved.body.data.products.find((p) => p.sku === sku);
          expect(product?.sale_price, `${lang} '${price.typed}'`).toBe(price.reais);
        }
        await screenshot(page, `money-input-${lang}`);
      } finally {
        await browser.close();
      }
    });
  }

  it("quantidade 0 em 'Adicionar': a mensagem da especificação, sem o balão do navegador", async () => {
    const browser = await openBrowser({ width: 390, height: 844 }, { lang: 'en-US' });
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await signIn(server, page, 'caixa@demo.com');
      await page.goto(`${server.demoUrl}/vendas`);
      await tillReady(page);
      await page.getByPlaceholder('Buscar produto por código ou nome...').fill('cam');
      await page.getByRole('listbox').getByRole('option').first().click();
      const quantity = page.getByLabel('Quantidade', { exact: true });
      await quantity.fill('0');
      expect(await quantity.getAttribute('inputmode')).toBe('numeric');
      await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
      await page.getByText('A quantidade deve ser maior que zero').first().waitFor();
      // No constraint the browser would speak for: the form is valid to it.
      expect(await quantity.evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe('');
      expect(
        await page.locator('form[aria-label="Adicionar Produto"]').evaluate((f) => (f as HTMLFormElement).noValidate),
      ).toBe(true);
      await screenshot(page, 'money-input-quantidade-zero');
    } finally {
      await browser.close();
    }
  });
});
