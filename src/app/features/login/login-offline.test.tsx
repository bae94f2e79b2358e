// @vitest-environment-options {"url": "http://demo.localhost:3000/login"}
// The login screen without a connection: it says so, and does not blame the address.
import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test/fake-server';
import { TENANT } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const ADDRESS_HINT = 'Verifique se você está acessando o endereço correto.';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('Login sem conexão', () => {
  it('says there is no connection when the lookup cannot reach the server', async () => {
    const server = createFakeServer();
    server.on('GET', '/api/tenants/search', () => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login');
    expect(await screen.findByText('Sem conexão:', undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/A empresa será carregada quando a conexão voltar/)).toBeTruthy();
    expect(screen.queryByText(ADDRESS_HINT)).toBeNull();
    expect(screen.queryByText('Erro ao carregar empresa:')).toBeNull();
  });

  it('says so while the browser is offline, and loads the store when it is back', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const server = createFakeServer();
    server.on('GET', '/api/tenants/search', () => ({ body: { success: true, data: TENANT, message: 'ok' } }));
    renderApp('/login');
    expect(await screen.findByText('Sem conexão:')).toBeTruthy();
    expect(screen.queryByText('Carregando empresa...')).toBeNull();
    expect(screen.queryByText(ADDRESS_HINT)).toBeNull();
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    expect(await screen.findByText('Loja Demo')).toBeTruthy();
    expect(screen.queryByText('Sem conexão:')).toBeNull();
  });
});
