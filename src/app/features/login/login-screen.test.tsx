// @vitest-environment-options {"url": "http://demo.localhost:3000/login"}
// The login screen on the demo tenant's host, with the API faked at fetch.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, deferred, type FakeServer } from '../../test/fake-server';
import { ADMIN, TENANT, tokenSet } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

function tenantFound() {
  server.on('GET', '/api/tenants/search', ({ url }) =>
    url.searchParams.get('subdomain') === 'demo'
      ? { body: { success: true, data: TENANT, message: 'Tenant encontrado' } }
      : { status: 404, body: { success: false, data: null, message: 'Tenant não encontrado' } },
  );
}

function inputs() {
  return {
    email: screen.getByLabelText('E-mail') as HTMLInputElement,
    password: screen.getByLabelText('Senha') as HTMLInputElement,
  };
}

/** Types the e-mail and the password as a person does on the store's login, then 'Entrar'. */
async function logIn(emailText: string, passwordText: string) {
  const { user, router } = renderApp('/login');
  await screen.findByText('Loja Demo');
  const { email, password } = inputs();
  await user.type(email, emailText);
  await user.type(password, passwordText);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return { router, email, password };
}

beforeEach(() => {
  server = createFakeServer();
});

describe('Login', () => {
  it("shows 'Carregando empresa...' and then the tenant's name and subdomain", async () => {
    const gate = deferred<void>();
    server.on('GET', '/api/tenants/search', async () => {
      await gate.promise;
      return { body: { success: true, data: TENANT, message: 'ok' } };
    });
    renderApp('/login');
    expect(await screen.findByText('Carregando empresa...')).toBeTruthy();
    gate.resolve();
    expect(await screen.findByText('Loja Demo')).toBeTruthy();
    expect(screen.getByText('demo')).toBeTruthy();
    expect(server.callsTo('GET', '/api/tenants/search')[0]!.url.searchParams.get('subdomain')).toBe('demo');
  });

  it('says the company was not found when the lookup finds none', async () => {
    server.on('GET', '/api/tenants/search', () => ({
      status: 404,
      body: { success: false, data: null, message: 'Tenant não encontrado' },
    }));
    renderApp('/login');
    expect(await screen.findByText('Empresa não encontrada ou subdomain inválido')).toBeTruthy();
    expect(screen.getByText('Erro ao carregar empresa:')).toBeTruthy();
    expect(screen.getByText('Verifique se você está acessando o endereço correto.')).toBeTruthy();
  });

  it('has required e-mail (email type) and password fields', async () => {
    tenantFound();
    renderApp('/login');
    await screen.findByText('Loja Demo');
    const { email, password } = inputs();
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(email.placeholder).toBe('email');
    expect(password.type).toBe('password');
    expect(password.required).toBe(true);
  });

  it("shows 'Entrando...' with disabled inputs while submitting, then goes to / on success", async () => {
    tenantFound();
    const gate = deferred<void>();
    server.on('POST', '/api/auth/login', async () => {
      await gate.promise;
      return { body: { success: true, data: { ...tokenSet('1'), user: ADMIN } } };
    });
    const { router, email, password } = await logIn('Admin@Demo.com', 'demo123');

    const busy = await screen.findByRole('button', { name: 'Entrando...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(email.disabled).toBe(true);
    expect(password.disabled).toBe(true);

    gate.resolve();
    expect(await screen.findByText('Login realizado com sucesso!')).toBeTruthy();
    expect(screen.getByText('Bem-vindo ao Balcão!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();

    const sent = server.callsTo('POST', '/api/auth/login')[0]!.body;
    expect(sent).toEqual({ email: 'admin@demo.com', password: 'demo123', tenantId: TENANT.tenantId });
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(Number(localStorage.getItem('tokenExpiresAt'))).toBeGreaterThan(Date.now());
  });

  it("shows the 'Erro no login' toast with the server's message", async () => {
    tenantFound();
    server.on('POST', '/api/auth/login', () => ({
      status: 401,
      body: { success: false, error: 'E-mail ou senha incorretos.', code: 'UNAUTHENTICATED' },
    }));
    const { router, email } = await logIn('admin@demo.com', 'errada');

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Erro no login');
    expect(toast.textContent).toContain('E-mail ou senha incorretos.');
    expect(router.state.location.pathname).toBe('/login');
    expect(email.disabled).toBe(false);
    expect(server.callsTo('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('refuses to log in while the tenant is not loaded', async () => {
    server.on('GET', '/api/tenants/search', () => ({ status: 500, body: { success: false, error: 'Falha interna' } }));
    const { user } = renderApp('/login');
    await screen.findByText('Erro ao carregar empresa:', undefined, { timeout: 3000 });
    await user.type(inputs().email, 'admin@demo.com');
    await user.type(inputs().password, 'demo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Empresa não carregada. Aguarde um momento e tente novamente.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('sends an already signed-in user to /', async () => {
    tenantFound();
    localStorage.setItem('accessToken', 'access-0');
    localStorage.setItem('refreshToken', 'refresh-0');
    localStorage.setItem('tokenExpiresAt', String(Date.now() + 900_000));
    server.on('GET', '/api/auth/me', () => ({ body: { success: true, data: ADMIN } }));
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
