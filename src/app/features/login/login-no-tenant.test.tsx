// @vitest-environment-options {"url": "http://127.0.0.1:3000/login"}
// A host that names no tenant (an IP address): no lookup, the not-found message.
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createFakeServer } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';

it('shows the not-found message without asking the server', async () => {
  const server = createFakeServer();
  renderApp('/login');
  expect(await screen.findByText('Empresa não encontrada ou subdomain inválido')).toBeTruthy();
  expect(server.callsTo('GET', '/api/tenants/search')).toHaveLength(0);
});
