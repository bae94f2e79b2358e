// Auth and permission guards, the layout's menu by role, logout and the 404 page.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, deferred, type FakeServer } from '../../test/fake-server';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
});

/** The menu `person` sees on the Dashboard, in order. */
async function menuOf(person: typeof ADMIN | typeof CASHIER) {
  signedInAs(server, person);
  renderApp('/');
  await screen.findByRole('heading', { name: 'Dashboard' });
  return menuLabels();
}

function menuLabels(): string[] {
  const nav = screen.getByRole('complementary', { name: 'Menu principal' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('authentication guard', () => {
  it("shows 'Carregando...' while the session loads", async () => {
    localStorage.setItem('accessToken', 'access-0');
    localStorage.setItem('refreshToken', 'refresh-0');
    localStorage.setItem('tokenExpiresAt', String(Date.now() + 900_000));
    const gate = deferred<void>();
    server.on('GET', '/api/auth/me', async () => {
      await gate.promise;
      return { body: { success: true, data: ADMIN } };
    });
    renderApp('/produtos');
    expect(screen.getByText('Carregando...')).toBeTruthy();
    server.on('GET', '/api/products', () => ({
      body: { success: true, data: { products: [], pagination: { page: 1, limit: 200, total: 0, totalPages: 1 } } },
    }));
    gate.resolve();
    expect(await screen.findByRole('heading', { name: 'Gestão de Produtos' })).toBeTruthy();
  });

  it('sends a visitor without a session to /login', async () => {
    const { router } = renderApp('/clientes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.callsTo('GET', '/api/auth/me')).toHaveLength(0);
  });

  it('drops stored tokens the server refuses and goes to /login', async () => {
    localStorage.setItem('accessToken', 'access-0');
    localStorage.setItem('tokenExpiresAt', String(Date.now() + 900_000));
    server.on('GET', '/api/auth/me', () => ({ status: 401, body: { success: false, error: 'Token inválido' } }));
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('permission guard', () => {
  it('denies a cashier an admin-only screen', async () => {
    signedInAs(server, CASHIER);
    renderApp('/configuracoes');
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Configurações' })).toBeNull();
  });

  it('denies a cashier Contas a Pagar and Relatórios Financeiros', async () => {
    signedInAs(server, CASHIER);
    const { router } = renderApp('/pagar');
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeTruthy();
    await router.navigate('/relatorios-financeiros');
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeTruthy();
  });

  it('denies a cashier Conflitos de Vendas (and asks the server nothing)', async () => {
    signedInAs(server, CASHIER);
    renderApp('/conflitos');
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Conflitos de Vendas' })).toBeNull();
    expect(server.callsTo('GET', '/api/sale-conflicts')).toHaveLength(0);
  });

  it('lets an admin into Configurações', async () => {
    signedInAs(server, ADMIN);
    server.on('GET', '/api/company/me', () => ({ status: 500, body: { success: false, error: 'x' } }));
    renderApp('/configuracoes');
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Usuários' })).toBeTruthy();
  });
});

describe('layout', () => {
  /** Every entry of the menu, in order: what an admin sees. */
  const FULL_MENU = [
    'Dashboard',
    'Contas a Pagar',
    'Contas a Receber',
    'Fluxo de Caixa',
    'Produtos',
    'Clientes',
    'Nova Venda',
    'Histórico de Vendas',
    'Notas Fiscais',
    'Entrada de Mercadorias',
    'Etiquetas',
    'Inventário',
    'Caixas',
    'Relatórios Financeiros',
    'Conflitos de Vendas',
    'Configurações',
  ];
  /** The entries only an admin sees; a cashier sees the rest. */
  const ADMIN_ONLY = [
    'Contas a Pagar',
    'Notas Fiscais',
    'Entrada de Mercadorias',
    'Etiquetas',
    'Inventário',
    'Relatórios Financeiros',
    'Conflitos de Vendas',
    'Configurações',
  ];

  it('shows a cashier the eight entries for users, in order', async () => {
    const entries = FULL_MENU.filter((entry) => !ADMIN_ONLY.includes(entry));
    expect(entries).toHaveLength(8);
    expect(await menuOf(CASHIER)).toEqual(entries);
    expect(screen.getByText('Carlos Caixa')).toBeTruthy();
  });

  it('shows an admin every entry, in order', async () => {
    expect(await menuOf(ADMIN)).toEqual(FULL_MENU);
  });

  it('logs out even when the server call fails', async () => {
    signedInAs(server, ADMIN);
    server.on('POST', '/api/auth/logout', () => ({ status: 500, body: { success: false, error: 'falhou' } }));
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(screen.getByTitle('Sair'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Logout realizado')).toBeTruthy();
    expect(screen.getByText('Você foi desconectado com sucesso.')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(server.callsTo('POST', '/api/auth/logout')[0]!.body).toEqual({ refreshToken: 'refresh-0' });
  });
});

it("answers unknown paths with 'Oops! Page not found' and a link home", async () => {
  renderApp('/nao-existe');
  expect(await screen.findByText('Oops! Page not found')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Voltar para o início' }).getAttribute('href')).toBe('/');
});
