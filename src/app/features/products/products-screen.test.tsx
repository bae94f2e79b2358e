// Produtos with the API faked at fetch: full catalogue over pages, local search, roles.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, servePages, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { openNewProduct } from '../../test/product-dialog';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

const CATALOGUE = [
  productJson({ sku: 'CAM-001', name: 'Camiseta Básica', current_stock: 1, minimum_stock: 5 }),
  productJson({ sku: 'CAL-002', name: 'Calça Jeans' }),
  productJson({ sku: 'TEN-003', name: 'Tênis Corrida', cost_price: 120, sale_price: 249.9 }),
];

/** Serves the catalogue two products per page, as a server capping the page size would. */
function serveCatalogue(products: readonly Record<string, unknown>[] = CATALOGUE) {
  servePages(server, '/api/products', 'products', products);
}

function rowNames(): string[] {
  const table = screen.getByRole('table', { name: 'Produtos' });
  return (
    within(table)
      .getAllByRole('row')
      .slice(1)
      // The name cell: the name first, then (on narrow screens) the folded columns.
      .map((row) => within(row).getAllByRole('cell')[1]?.firstElementChild?.textContent ?? '')
  );
}

/** An admin's list with the `action` ('Editar', 'Excluir') of the row named `name` clicked. */
async function clickRowAction(name: string, action: 'Editar' | 'Excluir') {
  signedInAs(server, ADMIN);
  serveCatalogue();
  const { user } = renderApp('/produtos');
  const row = (await screen.findByText(name)).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: action }));
  return { user };
}

beforeEach(() => {
  server = createFakeServer();
});

describe('Produtos', () => {
  it('loads every page of the catalogue', async () => {
    signedInAs(server, ADMIN);
    serveCatalogue();
    renderApp('/produtos');
    expect(await screen.findByText('Carregando produtos...')).toBeTruthy();
    expect(await screen.findByText('Tênis Corrida')).toBeTruthy();
    expect(rowNames()).toEqual(['Camiseta Básica', 'Calça Jeans', 'Tênis Corrida']);
    const pages = server.callsTo('GET', '/api/products').map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    expect(server.callsTo('GET', '/api/products')[0]!.url.searchParams.get('limit')).toBe('200');
  });

  it('shows prices in BRL with two decimals and highlights low stock', async () => {
    signedInAs(server, ADMIN);
    serveCatalogue();
    renderApp('/produtos');
    const row = (await screen.findByText('Tênis Corrida')).closest('tr')!;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('Custo: R$ 120,00');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('Venda: R$ 249,90');
    const low = screen.getByText('Camiseta Básica').closest('tr')!;
    expect(low.getAttribute('data-low-stock')).toBe('true');
    expect(low.className).toContain('bg-red-50');
    expect(row.getAttribute('data-low-stock')).toBeNull();
  });

  it('shows a cashier sale prices only when the store sends no cost prices', async () => {
    signedInAs(server, CASHIER);
    serveCatalogue(CATALOGUE.map(({ cost_price: _hidden, ...product }) => product));
    renderApp('/produtos');
    const row = (await screen.findByText('Tênis Corrida')).closest('tr')!;
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('Venda: R$ 249,90');
    expect(screen.getByRole('table', { name: 'Produtos' }).textContent).not.toContain('Custo');
  });

  it('filters locally by name or SKU, ignoring case and accents', async () => {
    signedInAs(server, ADMIN);
    serveCatalogue();
    const { user } = renderApp('/produtos');
    await screen.findByText('Tênis Corrida');
    // Only the screen's own calls: the sync engine pulls on its own schedule.
    const requests = server.callsTo('GET', '/api/products').length;
    const search = screen.getByPlaceholderText('Buscar por nome ou SKU...');

    for (const [typed, names] of [
      ['CALÇA', ['Calça Jeans']],
      ['calca', ['Calça Jeans']],
      ['tenis', ['Tênis Corrida']],
      ['ten-0', ['Tênis Corrida']],
      ['cam', ['Camiseta Básica']],
    ] as const) {
      await user.clear(search);
      await user.type(search, typed);
      expect(rowNames(), typed).toEqual(names);
    }

    await user.clear(search);
    expect(rowNames()).toHaveLength(3);
    expect(server.callsTo('GET', '/api/products').length).toBe(requests);
  });

  it("'Filtrar' filters by status and stock, kept in the address so a reload keeps it", async () => {
    signedInAs(server, ADMIN);
    serveCatalogue([
      ...CATALOGUE,
      productJson({ sku: 'BON-004', name: 'Boné Antigo', active: false, current_stock: 0, minimum_stock: 0 }),
      productJson({ sku: 'MEI-005', name: 'Meia Esgotada', current_stock: 0, minimum_stock: 3 }),
    ]);
    const { user, router, unmount } = renderApp('/produtos');
    await screen.findByText('Tênis Corrida');
    expect(screen.queryByRole('group', { name: 'Filtros de produtos' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filtrar' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('group', { name: 'Filtros de produtos' });

    await user.selectOptions(within(panel).getByLabelText('Status'), 'Inativo');
    expect(rowNames()).toEqual(['Boné Antigo']);
    expect(router.state.location.search).toBe('?status=inativo');

    await user.selectOptions(within(panel).getByLabelText('Status'), 'Ativo');
    await user.selectOptions(within(panel).getByLabelText('Estoque'), 'Abaixo do mínimo');
    expect(rowNames()).toEqual(['Camiseta Básica', 'Meia Esgotada']);
    await user.selectOptions(within(panel).getByLabelText('Estoque'), 'Sem estoque');
    expect(rowNames()).toEqual(['Meia Esgotada']);
    expect(new URLSearchParams(router.state.location.search).get('estoque')).toBe('sem');
    // The search narrows the filtered rows further.
    await user.type(screen.getByPlaceholderText('Buscar por nome ou SKU...'), 'camiseta');
    expect(screen.getByText('Nenhum produto encontrado para a busca.')).toBeTruthy();
    const address = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();

    // A reload of the same address: the filters apply and show, the search does not.
    renderApp(address);
    await screen.findByText('Meia Esgotada');
    expect(rowNames()).toEqual(['Meia Esgotada']);
    const reopened = screen.getByRole('group', { name: 'Filtros de produtos' });
    expect((within(reopened).getByLabelText('Status') as HTMLSelectElement).value).toBe('ativo');
    expect((within(reopened).getByLabelText('Estoque') as HTMLSelectElement).value).toBe('sem');
    expect(screen.getByRole('button', { name: /Filtrar/ }).textContent).toContain('2');
    await user.click(within(reopened).getByRole('button', { name: 'Limpar Filtros' }));
    expect(rowNames()).toHaveLength(5);
  });

  it("names the variant a product has, and nothing for one without ('- / -' never)", async () => {
    signedInAs(server, ADMIN);
    serveCatalogue([
      productJson({ sku: 'SAC-001', name: 'Sacola Kraft', size: '', color: '' }),
      productJson({ sku: 'MEI-002', name: 'Meia Lisa', size: 'U', color: '' }),
      productJson({ sku: 'CAM-003', name: 'Camiseta Lisa', size: 'G', color: 'Preta' }),
    ]);
    renderApp('/produtos');
    await screen.findByText('Camiseta Lisa');
    const cells = (name: string) => within(screen.getByText(name).closest('tr')!).getAllByRole('cell');
    // 'Tamanho/Cor', and the line folded under the name on narrower screens.
    const variant = (name: string) => cells(name)[2]!.textContent;
    const folded = (name: string) => cells(name)[1]!.children[1]!.textContent;
    expect(['Sacola Kraft', 'Meia Lisa', 'Camiseta Lisa'].map((name) => [variant(name), folded(name)])).toEqual([
      ['', 'SAC-001'],
      ['U', 'MEI-002 · U'],
      ['G / Preta', 'CAM-003 · G / Preta'],
    ]);
  });

  it('gives a cashier no way to create, edit or delete', async () => {
    signedInAs(server, CASHIER);
    serveCatalogue();
    renderApp('/produtos');
    await screen.findByText('Tênis Corrida');
    expect(screen.queryByRole('button', { name: /Novo Produto/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Excluir' })).toBeNull();
  });

  it('appends a created product to the list without reloading it', async () => {
    serveCatalogue();
    const { user, dialog } = await openNewProduct(server, 'Tênis Corrida');
    await user.type(within(dialog).getByLabelText('SKU'), 'BON-004');
    await user.type(within(dialog).getByLabelText('Nome'), 'Boné');
    const cost = within(dialog).getByLabelText('Preço de custo');
    await user.clear(cost);
    await user.type(cost, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Camiseta Básica', 'Calça Jeans', 'Tênis Corrida', 'Boné']);
    expect(server.callsTo('POST', '/api/products')[0]!.body).toEqual({
      sku: 'BON-004',
      name: 'Boné',
      size: '',
      color: '',
      barcode: null,
      current_stock: 0,
      minimum_stock: 0,
      cost_price: 12.5,
      sale_price: 0,
      active: true,
      // Fiscal data left empty: the store's defaults when a note is made.
      ncm: null,
      cest: null,
      cfop: null,
      csosn: null,
      origin: null,
      unit: 'UN',
    });
    expect(server.callsTo('GET', '/api/products')).toHaveLength(2);
  });

  it('Novo Produto: clicking into the prices and stocks that start at zero and typing gives what was typed', async () => {
    serveCatalogue();
    const { user, dialog } = await openNewProduct(server, 'Tênis Corrida');
    await user.type(within(dialog).getByLabelText('SKU'), 'CAL-010');
    await user.type(within(dialog).getByLabelText('Nome'), 'Calça Sarja');
    // No clearing first: each field shows its zero and takes what is typed in its place.
    const typed: [string, string, string][] = [
      ['Preço de custo', '0,00', '59,95'],
      ['Preço de venda', '0,00', '119,90'],
      ['Estoque atual', '0', '12'],
      ['Estoque mínimo', '0', '3'],
    ];
    for (const [label, zero, text] of typed) {
      const input = within(dialog).getByLabelText(label) as HTMLInputElement;
      expect(input.value).toBe(zero);
      await user.click(input);
      await user.keyboard(text);
      expect(input.value).toBe(text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeTruthy();
    expect(server.callsTo('POST', '/api/products')[0]!.body).toMatchObject({
      current_stock: 12,
      minimum_stock: 3,
      cost_price: 59.95,
      sale_price: 119.9,
    });
  });

  it("shows the server's field errors under the fields after a 400", async () => {
    server.on('PUT', `/api/products/${CATALOGUE[1]!.id}`, () => ({
      status: 400,
      body: {
        success: false,
        error: 'Dados inválidos: sku: SKU já usado por outro produto',
        code: 'VALIDATION',
        details: [{ path: 'sku', message: 'SKU já usado por outro produto', code: 'custom' }],
      },
    }));
    const { user } = await clickRowAction('Calça Jeans', 'Editar');
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('SKU já usado por outro produto')).toBeTruthy();
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Erro ao atualizar produto');
    expect(toast.textContent).toContain('Dados inválidos');
  });

  it('asks before deleting and removes the row', async () => {
    server.on('DELETE', `/api/products/${CATALOGUE[0]!.id}`, () => ({ body: { success: true, message: 'ok' } }));
    const { user } = await clickRowAction('Camiseta Básica', 'Excluir');
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Tem certeza que deseja excluir este produto?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Produto removido com sucesso!')).toBeTruthy();
    expect(rowNames()).toEqual(['Calça Jeans', 'Tênis Corrida']);
  });
});
