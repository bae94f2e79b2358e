// A store signs in and runs its catalog, in the real Chromium against the real server:
// admin creates a product and finds it; the cashier sees no 'Contas a Pagar'; with the
// service worker active the installed shell still opens with the network off.
import { describe, expect, it } from 'vitest';
import { api } from './support/api';
import { screenshot, waitForServiceWorker, type Page } from './support/browser';
import { fileBrowser, fileServer } from './support/suite';

const server = fileServer();
const browser = fileBrowser();

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.demoUrl}/login`);
  await page.getByText('Loja Demo').first().waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${server.demoUrl}/`);
}

async function signOut(page: Page) {
  await page.getByTitle('Sair').click();
  await page.waitForURL(/\/login$/);
}

describe('catálogo no navegador', () => {
  it('admin entra, cria um produto e o encontra na lista', async () => {
    const page = await browser.context.newPage();
    await signIn(page, 'admin@demo.com', 'demo123');
    await page.getByRole('link', { name: 'Produtos' }).first().click();
    await page.getByText('Gestão de Produtos').waitFor();
    await page.getByRole('button', { name: 'Novo Produto' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Adicionar Novo Produto').waitFor();
    await dialog.getByLabel('SKU').fill('E2E-001');
    await dialog.getByLabel('Nome').fill('Boné Teste E2E');
    await dialog.getByLabel('Tamanho').fill('U');
    await dialog.getByLabel('Cor').fill('Verde');
    await dialog.getByLabel('Estoque atual').fill('7');
    await dialog.getByLabel('Estoque mínimo').fill('2');
    await dialog.getByLabel('Preço de custo').fill('12.50');
    await dialog.getByLabel('Preço de venda').fill('39.90');
    await screenshot(page, '01-novo-produto');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto adicionado com sucesso!').waitFor();

    await page.getByPlaceholder('Buscar por nome ou SKU...').fill('e2e-001');
    const row = page.getByRole('row', { name: /Boné Teste E2E/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('39,90');
    expect(await page.getByRole('row').count()).toBe(2); // header + the one match
    await screenshot(page, '02-produto-na-lista');

    // The product really is on the server.
    const token = (await page.evaluate(() => localStorage.getItem('accessToken'))) ?? '';
    const res = await api<{ data: { products: { sku: string; sale_price: number }[] } }>(
      server,
      'GET',
      '/api/products?search=E2E-001',
      { token },
    );
    expect(res.body.data.products).toEqual([expect.objectContaining({ sku: 'E2E-001', sale_price: 39.9 })]);

    await signOut(page);
    await page.close();
  });

  it('o caixa não vê Contas a Pagar e é barrado na rota', async () => {
    const page = await browser.context.newPage();
    await signIn(page, 'caixa@demo.com', 'demo123');
    const nav = page.getByRole('navigation');
    await nav.getByText('Nova Venda').waitFor();
    expect(await nav.getByText('Contas a Pagar').count()).toBe(0);
    expect(await nav.getByText('Configurações').count()).toBe(0);
    expect(await nav.getByText('Relatórios Financeiros').count()).toBe(0);
    await screenshot(page, '03-menu-do-caixa');
    await page.goto(`${server.demoUrl}/pagar`);
    await page.getByText('Você não tem permissão para acessar este recurso.').waitFor();
    await screenshot(page, '04-caixa-sem-permissao');
    await page.close();
  });

  it('com o service worker ativo, o app abre sem rede', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${server.demoUrl}/login`);
    await waitForServiceWorker(page);
    await browser.context.setOffline(true);
    try {
      await page.reload();
      await page
        .getByText('Sistema de Gestão')
        .or(page.getByRole('button', { name: 'Entrar' }))
        .first()
        .waitFor();
      await page.goto(`${server.demoUrl}/produtos`);
      await page.locator('#root > *').first().waitFor();
      await screenshot(page, '05-offline-shell');
      const html = await page.content();
      expect(html).not.toContain('ERR_INTERNET_DISCONNECTED');
    } finally {
      await browser.context.setOffline(false);
    }
    await page.close();
  });
});
