// Configurações with the API faked at fetch: the users list over its pages, and the store
// settings of the Sistema tab saved on the server as soon as they are changed.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, deferred, servePages, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast } from '../../test/screen-text';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
});

describe('Configurações', () => {
  it('Usuários lists every user of the store, page after page', async () => {
    signedInAs(server, ADMIN);
    const users = [ADMIN, CASHIER, { ...CASHIER, id: '2d8f4b1a-3c5e-4a7b-8c9d-1e2f3a4b5c6d', name: 'Dora Caixa' }];
    servePages(server, '/api/users', 'users', users);
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Usuários' }));
    const table = await screen.findByRole('table', { name: 'Usuários' });
    await within(table).findByText('Dora Caixa');
    expect(within(table).getByText('Carlos Caixa')).toBeTruthy();
    expect(server.callsTo('GET', '/api/users').map((c) => c.url.searchParams.get('page'))).toEqual(['1', '2']);
  });

  it("Usuários: 'Novo Usuário' asks for every field, then creates the user with a password", async () => {
    signedInAs(server, ADMIN);
    servePages(server, '/api/users', 'users', [ADMIN]);
    server.on('POST', '/api/users', ({ body }) => ({
      status: 201,
      body: { success: true, data: { ...(body as object), id: CASHIER.id, active: true } },
    }));
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Usuários' }));
    await user.click(await screen.findByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Ativo' })).toBeNull();
    await user.click(within(dialog).getByLabelText('Nome'));
    await user.keyboard('Dora Caixa');
    await user.click(within(dialog).getByLabelText('E-mail'));
    await user.keyboard('dora@demo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Usuário' }));
    await expectToast('Erro', 'Todos os campos são obrigatórios');
    expect(server.callsTo('POST', '/api/users')).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Senha'));
    await user.keyboard('segredo1');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Usuário' }));
    await expectToast('Usuário criado', 'Usuário criado com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/users').map((c) => c.body)).toEqual([
      { name: 'Dora Caixa', email: 'dora@demo.com', password: 'segredo1', role: 'user' },
    ]);
  });

  it("Usuários: 'Editar Usuário' shows the user, and saves a change of profile and of 'Ativo' without a password", async () => {
    signedInAs(server, ADMIN);
    servePages(server, '/api/users', 'users', [ADMIN, CASHIER]);
    server.on('PUT', `/api/users/${CASHIER.id}`, ({ body }) => ({
      body: { success: true, data: { ...(body as object), id: CASHIER.id } },
    }));
    const { user } = renderApp('/configuracoes');
    await user.click(await screen.findByRole('tab', { name: 'Usuários' }));
    const table = await screen.findByRole('table', { name: 'Usuários' });
    const row = (await within(table).findByText('Carlos Caixa')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    expect(within(dialog).queryByLabelText('Senha')).toBeNull();
    expect((within(dialog).getByLabelText('Nome') as HTMLInputElement).value).toBe('Carlos Caixa');
    await user.selectOptions(within(dialog).getByLabelText('Perfil'), 'Administrador');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ativo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Usuário atualizado', 'Usuário atualizado com sucesso!');
    expect(server.callsTo('PUT', `/api/users/${CASHIER.id}`).map((c) => c.body)).toEqual([
      { name: 'Carlos Caixa', email: 'caixa@demo.com', role: 'admin', active: false },
    ]);
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
