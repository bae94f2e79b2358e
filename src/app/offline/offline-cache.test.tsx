// A screen read while offline shows the answer it last had, from the persisted query
// cache; signing out clears that cache.
import { onlineManager } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createFakeServer } from '../test/fake-server';
import { ADMIN, productJson, signedInAs } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { getDb } from './db';

afterEach(() => {
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

it('shows the last products list when the device opens offline', async () => {
  const server = createFakeServer();
  signedInAs(server, ADMIN);
  const product = productJson({ name: 'Boné Guardado' });
  server.on('GET', '/api/products', () => ({
    body: {
      success: true,
      data: { products: [product], pagination: { page: 1, limit: 200, total: 1, totalPages: 1 } },
    },
  }));
  renderApp('/produtos');
  expect(await screen.findByText('Boné Guardado')).toBeTruthy();
  await waitFor(async () => expect(await getDb().queryCache.count()).toBeGreaterThan(0), { timeout: 4_000 });
  cleanup();

  // Reopened with no network at all.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const offline = vi.fn(async (_input: RequestInfo | URL): Promise<Response> => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', offline);
  renderApp('/produtos');
  expect(await screen.findByText('Boné Guardado')).toBeTruthy();
  expect(screen.getByText('Offline')).toBeTruthy();
  expect(offline.mock.calls.map(([url]) => String(url))).not.toContain('/api/products?page=1&limit=200');
});
