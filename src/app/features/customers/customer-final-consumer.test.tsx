// Clientes: the store's 'Consumidor final' is never changed (the server refuses with 409), so
// its row offers neither 'Editar' nor 'Excluir', and says what it is; other rows keep both.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { customerJson } from '../../test/fake-sync';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;
const rosa = customerJson(1, { name: 'Dona Rosa' });
const anonymous = customerJson(2, { name: 'Consumidor final', final_consumer: true });

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  server.on('GET', '/api/customers', () => ({
    body: {
      success: true,
      data: { customers: [anonymous, rosa], pagination: { page: 1, limit: 200, total: 2, totalPages: 1 } },
    },
  }));
});

describe('Clientes: Consumidor final', () => {
  it('has no Editar or Excluir, and says it is the default of unnamed sales', async () => {
    renderApp('/clientes');
    const rosaRow = (await screen.findByText('Dona Rosa')).closest('tr')!;
    const anonymousRow = screen.getByText('Consumidor final').closest('tr')!;
    expect(within(rosaRow).getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(within(rosaRow).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(within(anonymousRow).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(anonymousRow).queryByRole('button', { name: 'Excluir' })).toBeNull();
    expect(within(anonymousRow).getByText('Cliente padrão das vendas sem identificação')).toBeTruthy();
  });
});
