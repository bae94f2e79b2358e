// Configurações with the API faked at fetch: the users list over its pages, and the store
// settings of the Sistema tab saved on the server as soon as they are changed.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, deferred, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
});

describe('Configurações', () => {
  it('Usuários lists every user of the store, page after page', async () => {
    signedInAs(server, ADMIN);
    const users = [ADMIN, CASHIER, { ...CASHIER, id: '2d8f4b1a-3c5e-4a7b-8c9d-1e2f3a4b5c6d', name: 'Dora Caixa' }];
    server.on('GET', '/api/users', ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      const limit = 2;
      return {
        body: {
          success: true,
          data: {
            users: users.slice((page - 1) * limit, page * limit),
            pagination: { page, limit, total: users.length, totalPages: Math.ceil(users.length / limit) },
          },
        },
      };
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Usuários' }));
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await within(table).findByText('Dora Caixa');
    expect(within(table).getByText('Carlos Caixa')).toBeTruthy();
    expect(server.callsTo('GET', '/api/users').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it("Sistema: 'Caixas veem o preço de custo' shows the store's setting and saves a change", async () => {
    signedInAs(server, ADMIN);
    let saved = { cashiers_see_cost_price: true };
    const answer = deferred<void>();
    server.on('GET', '/api/settings', () => ({ body: { success: true, data: saved } }));
    server.on('PUT', '/api/settings', async ({ body }) => {
      await answer.promise;
      saved = { ...saved, ...(body as typeof saved) };
      return { body: { success: true, data: saved } };
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Sistema' }));
    const box = await screen.findByRole('checkbox', { name: 'Caixas veem o preço de custo' });
    expect((box as HTMLInputElement).checked).toBe(true);

    await user.click(box);
    // On its way: shown as asked, and not to be changed again meanwhile.
    expect((box as HTMLInputElement).checked).toBe(false);
    expect((box as HTMLInputElement).disabled).toBe(true);
    answer.resolve();
    expect(await screen.findByText('Os caixas não veem mais o preço de custo.')).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    expect((box as HTMLInputElement).checked).toBe(false);
    const [put] = server.callsTo('PUT', '/api/settings');
    expect(put!.body).toEqual({ cashiers_see_cost_price: false });
    expect(put!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("Sistema: 'Recibo' saves the roll's width and automatic printing as soon as they change", async () => {
    signedInAs(server, ADMIN);
    let saved: Record<string, unknown> = { receipt_paper_width: '80mm', receipt_auto_print: false };
    server.on('GET', '/api/settings', () => ({ body: { success: true, data: saved } }));
    server.on('PUT', '/api/settings', ({ body }) => {
      saved = { ...saved, ...(body as object) };
      return { body: { success: true, data: saved } };
    });
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Sistema' }));
    const width = (await screen.findByLabelText('Largura do papel do recibo')) as HTMLSelectElement;
    expect(width.value).toBe('80mm');
    await user.selectOptions(width, '58 mm');
    expect(await screen.findByText('O recibo sai em papel de 58 mm.')).toBeTruthy();
    const auto = screen.getByRole('checkbox', { name: 'Imprimir recibo automaticamente após cada venda' });
    await waitFor(() => expect((auto as HTMLInputElement).disabled).toBe(false));
    await user.click(auto);
    expect(await screen.findByText('O recibo será impresso automaticamente após cada venda.')).toBeTruthy();
    expect(server.callsTo('PUT', '/api/settings').map((c) => c.body)).toEqual([
      { receipt_paper_width: '58mm' },
      { receipt_auto_print: true },
    ]);
    expect(width.value).toBe('58mm');
    expect((auto as HTMLInputElement).checked).toBe(true);
  });

  it('Sistema: a refused change leaves the box as the server has it and says why', async () => {
    signedInAs(server, ADMIN);
    server.on('GET', '/api/settings', () => ({ body: { success: true, data: { cashiers_see_cost_price: false } } }));
    server.on('PUT', '/api/settings', () => ({
      status: 403,
      body: { success: false, code: 'FORBIDDEN', error: 'Você não tem permissão para acessar este recurso.' },
    }));
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Sistema' }));
    const box = await screen.findByRole('checkbox', { name: 'Caixas veem o preço de custo' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Erro ao salvar configuração');
    expect(toast.textContent).toContain('Você não tem permissão');
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
  });
});
