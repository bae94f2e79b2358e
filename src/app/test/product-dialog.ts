// Produtos' 'Novo Produto' dialog as an admin opens it, for the screen's tests.
import { screen } from '@testing-library/react';
import type { FakeServer } from './fake-server';
import { ADMIN, productJson, signedInAs } from './fixtures';
import { renderApp } from './render-app';

/**
 * Signs an admin in, opens Produtos (waiting for the product named `shown`, served by the
 * caller) and its 'Novo Produto' dialog; the server answers a POST with what it was sent.
 */
export async function openNewProduct(server: FakeServer, shown: string) {
  signedInAs(server, ADMIN);
  server.on('POST', '/api/products', ({ body }) => ({
    status: 201,
    body: { success: true, data: productJson(body as Record<string, unknown>) },
  }));
  const { user } = renderApp('/produtos');
  await screen.findByText(shown);
  await user.click(screen.getByRole('button', { name: /Novo Produto/ }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Adicionar Novo Produto' }) };
}
