// The session on a till whose network comes and goes: the last known user is trusted
// when the server cannot be reached, a refusal still signs out, and logout warns about
// sales not yet delivered and never deletes them.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../offline/db';
import { recordSale } from '../counter/records';
import { META_ACCESS_TOKEN, META_LAST_USER } from '../offline/session-cache';
import { createFakeServer, type FakeServer } from '../test/fake-server';
import { createFakeSync, type FakeSync } from '../test/fake-sync';
import { CASHIER, productJson, signedInAs, tokenSet } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { saleBody } from '../test/sale-body';

let server: FakeServer;
let sync: FakeSync;

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
});

function storeTokens(accessExpiresInMs: number) {
  localStorage.setItem('accessToken', 'access-0');
  localStorage.setItem('refreshToken', 'refresh-0');
  localStorage.setItem('tokenExpiresAt', String(Date.now() + accessExpiresInMs));
}

/** A sale of R$ 19,90 in cash to Maria, queued in the outbox as `summary`. */
function recordCashSale(productId: string, summary: string) {
  const sale = {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName: 'Maria',
    totalCentavos: 1990,
    paymentMethod: 'cash',
    items: [{ product_id: productId, product_name: 'P', quantity: 1, unit_price_centavos: 1990 }],
  };
  return recordSale(getDb(), sale, saleBody(sale), { summary });
}

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('offline session', () => {
  it('opens signed in as the last known user when the server cannot be reached, even with an expired token', async () => {
    await getDb().meta.put({ key: META_LAST_USER, value: CASHIER });
    storeTokens(-60_000); // expired: the refresh fails on the network too
    server.on('GET', '/api/auth/me', networkDown);
    server.on('POST', '/api/auth/refresh', networkDown);
    sync.network = 'offline';

    const { router } = renderApp('/vendas');
    expect(await screen.findByRole('heading', { name: 'Nova Venda' })).toBeTruthy();
    expect(screen.getByTestId('user-name').textContent).toBe('Carlos Caixa');
    expect(router.state.location.pathname).toBe('/vendas');
    expect(await screen.findByText('Offline')).toBeTruthy();
    // Nothing was thrown away: the session resumes when the network returns.
    expect(localStorage.getItem('refreshToken')).toBe('refresh-0');
    expect(localStorage.getItem('accessToken')).toBe('access-0');

    // A sale made meanwhile goes out once the network is back, after a refresh.
    const product = productJson();
    await recordCashSale(product.id, 'Venda offline');
    server.on('POST', '/api/auth/refresh', () => ({ body: { success: true, data: tokenSet('2') } }));
    server.on('GET', '/api/auth/me', () => ({ body: { success: true, data: CASHIER } }));
    sync.network = 'online';
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(sync.sales.size).toBe(1));
    expect(sync.salesRequests[0]!.headers.Authorization).toBe('Bearer access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
  });

  it('confirms the user with the server once the network is back', async () => {
    await getDb().meta.put({ key: META_LAST_USER, value: { ...CASHIER, name: 'Nome Antigo' } });
    storeTokens(15 * 60_000);
    server.on('GET', '/api/auth/me', networkDown);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByTestId('user-name').textContent).toBe('Nome Antigo');

    server.on('GET', '/api/auth/me', () => ({ body: { success: true, data: CASHIER } }));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.getByTestId('user-name').textContent).toBe('Carlos Caixa'));
  });

  it('without a last known user, a network failure at load goes to /login but keeps the tokens', async () => {
    storeTokens(15 * 60_000);
    server.on('GET', '/api/auth/me', networkDown);
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('refreshToken')).toBe('refresh-0');
  });

  it('signs out when the server refuses the session, forgetting the last user', async () => {
    await getDb().meta.put({ key: META_LAST_USER, value: CASHIER });
    storeTokens(15 * 60_000);
    server.on('GET', '/api/auth/me', () => ({ status: 401, body: { success: false, error: 'Token inválido' } }));
    server.on('POST', '/api/auth/refresh', () => ({
      status: 401,
      body: { success: false, error: 'Sessão encerrada' },
    }));
    const { router } = renderApp('/vendas');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    await waitFor(async () => expect(await getDb().meta.get(META_LAST_USER)).toBeUndefined());
  });

  it('remembers the user and a copy of the access token for the service worker after /auth/me', async () => {
    signedInAs(server, CASHIER);
    renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(async () => expect((await getDb().meta.get(META_LAST_USER))?.value).toMatchObject(CASHIER));
    expect((await getDb().meta.get(META_ACCESS_TOKEN))?.value).toBe('access-0');
    expect(await getDb().meta.get('auth.refreshToken')).toBeUndefined();
  });
});

describe('logout with sales not yet delivered', () => {
  it("warns 'Há N vendas não sincronizadas', and signing out keeps them, the mirror too", async () => {
    const product = productJson();
    sync.putProduct(product);
    sync.onSale = () => ({ status: 503, body: { success: false, error: 'Indisponível', code: 'INTERNAL' } });
    signedInAs(server, CASHIER);
    server.on('POST', '/api/auth/logout', () => ({ body: { success: true } }));
    const db = getDb();
    for (let i = 0; i < 2; i++) {
      await recordCashSale(product.id, `Venda ${i}`);
    }
    await db.queryCache.put({ key: '["products","list"]', value: {}, updatedAt: Date.now() });

    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(async () => expect(await db.products.count()).toBe(1));
    await user.click(screen.getByTitle('Sair'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/^Há 2 vendas não sincronizadas\./)).toBeTruthy();
    expect(within(dialog).getByText(/serão enviadas no próximo login/)).toBeTruthy();

    // Cancelling keeps the session.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(router.state.location.pathname).toBe('/');

    await user.click(screen.getByTitle('Sair'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sair mesmo assim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Você foi desconectado com sucesso.')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(await db.outbox.count()).toBe(2);
    expect(await db.sales.count()).toBe(2);
    expect(await db.products.count()).toBe(1);
    expect(await db.queryCache.count()).toBe(0);
    expect(await db.meta.get(META_LAST_USER)).toBeUndefined();
    await waitFor(async () => expect(await db.meta.get(META_ACCESS_TOKEN)).toBeUndefined());
  });
});
