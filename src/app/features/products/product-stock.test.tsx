// Produtos' stock: a change typed in the dialog asks for its reason; the stock figure opens
// 'Movimentação de Estoque'.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;
const meia = productJson({ sku: 'MEI-001', name: 'Meia Esportiva', current_stock: 10, minimum_stock: 2 });

beforeEach(() => {
  server = createFakeServer();
  server.on('GET', '/api/products', () => ({
    body: { success: true, data: { products: [meia], pagination: { page: 1, limit: 200, total: 1, totalPages: 1 } } },
  }));
});

describe('Produtos: estoque', () => {
  it('asks why when the stock is changed, and sends the stock only then', async () => {
    signedInAs(server, ADMIN);
    server.on('PUT', `/api/products/${meia.id}`, ({ body }) => ({
      body: { success: true, data: { ...meia, ...(body as object) } },
    }));
    const { user } = renderApp('/produtos');
    await screen.findByText('Meia Esportiva');
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    expect(within(dialog).queryByLabelText(/Motivo do ajuste/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(server.callsTo('PUT', `/api/products/${meia.id}`)).toHaveLength(1));
    expect(server.callsTo('PUT', `/api/products/${meia.id}`)[0]!.body).not.toHaveProperty('current_stock');

    await user.click(screen.getByRole('button', { name: 'Editar' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    const stock = within(dialog).getByLabelText('Estoque atual');
    await user.click(stock);
    await user.keyboard('7');
    const reason = within(dialog).getByLabelText(/Motivo do ajuste de estoque/);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Informe o motivo do ajuste de estoque')).toBeTruthy();
    expect(server.callsTo('PUT', `/api/products/${meia.id}`)).toHaveLength(1);
    await user.type(reason, 'Avaria');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(server.callsTo('PUT', `/api/products/${meia.id}`)).toHaveLength(2));
    expect(server.callsTo('PUT', `/api/products/${meia.id}`)[1]!.body).toMatchObject({
      current_stock: 7,
      stock_reason: 'Avaria',
    });
  });

  it("shows a cashier the product's movements, newest first, paged", async () => {
    signedInAs(server, CASHIER);
    server.on('GET', `/api/products/${meia.id}/stock-movements`, ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const movement = (n: number, kind: string, quantity: number, reason: string | null = null) => ({
        id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
        kind,
        quantity,
        stock_after: 10,
        reason,
        user_id: null,
        user_name: 'Caixa Demo',
        sale_id: null,
        entry_id: null,
        count_id: null,
        created_at: '2026-11-25T15:30:00.000Z',
      });
      const movements =
        page === 1
          ? [movement(1, 'sale', -2), movement(2, 'adjustment', 12, 'Estoque inicial')]
          : [movement(3, 'nfe_entry', 5)];
      return {
        body: { success: true, data: { movements, pagination: { page, limit: 20, total: 21, totalPages: 2 } } },
      };
    });
    const { user } = renderApp('/produtos');
    await screen.findByText('Meia Esportiva');
    await user.click(screen.getByRole('button', { name: /Movimentação de Estoque de Meia Esportiva/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Movimentação de Estoque' });
    const table = await within(dialog).findByRole('table', { name: 'Movimentação de Estoque' });
    await within(table).findByText('Venda');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent?.replace(/\s+/g, ' '));
    expect(rows[0]).toMatch(/25\/11\/2026 12:30.*Venda.*-2.*10.*Caixa Demo/);
    expect(rows[1]).toMatch(/Ajuste manual.*Estoque inicial.*\+12/);
    await user.click(within(dialog).getByRole('button', { name: 'Próxima' }));
    expect(await within(dialog).findByText('Entrada (NF-e)')).toBeTruthy();
  });
});
