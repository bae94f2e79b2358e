// Clientes without a connection: a new customer is queued (outbox + mirror), listed,
// and sent with its own id as the Idempotency-Key when the network returns.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../offline/db';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  server.on('GET', '/api/customers', () => ({
    body: { success: true, data: { customers: [], pagination: { page: 1, limit: 200, total: 0, totalPages: 1 } } },
  }));
});

describe('Clientes offline', () => {
  it('queues a new customer when the server cannot be reached, and shows it', async () => {
    server.on('POST', '/api/customers', () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Novo Cliente' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Dona Rosa');
    await user.type(within(dialog).getByLabelText('CPF/CNPJ'), '529.982.247-25');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('Cliente adicionado com sucesso!')).toBeTruthy();
    expect(await screen.findByText('Dona Rosa')).toBeTruthy();

    const db = getDb();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'customer', path: '/api/customers', status: 'pending' });
    expect(entry!.body).toMatchObject({ id: entry!.id, name: 'Dona Rosa', document: '52998224725' });
    expect((await db.customers.get(entry!.id))?.name).toBe('Dona Rosa');
    // The online attempt carried the same id as its Idempotency-Key.
    const attempt = server.callsTo('POST', '/api/customers')[0]!;
    expect(attempt.headers['Idempotency-Key']).toBe(entry!.id);
  });
});
