// Clientes: the customer's 'Limite de crédito' (empty: the store's default). Text that is
// no amount is refused under the field in pt-BR; a limit typed is sent in reais and listed;
// without a connection the change is queued in the outbox and the till's mirror holds it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../offline/db';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { customerJson } from '../../test/fake-sync';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

let server: FakeServer;
const rosa = customerJson(1, { name: 'Dona Rosa', credit_limit: null });

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  server.on('GET', '/api/customers', () => ({
    body: { success: true, data: { customers: [rosa], pagination: { page: 1, limit: 200, total: 1, totalPages: 1 } } },
  }));
});

async function editLimit(typed: string) {
  const user = userEvent.setup();
  renderApp('/clientes');
  const row = (await screen.findByText('Dona Rosa')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Editar' }));
  const dialog = await screen.findByRole('dialog');
  const field = within(dialog).getByLabelText('Limite de crédito');
  await user.click(field);
  await user.keyboard(typed);
  await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
  return { user, dialog, field };
}

describe('Clientes: limite de crédito', () => {
  it('refuses text that is no amount, then sends the limit in reais and lists it', async () => {
    server.on('PUT', `/api/customers/${rosa.id}`, (req) => ({
      body: { success: true, data: { ...rosa, ...(req.body as object) } },
    }));
    const { user, dialog, field } = await editLimit('mil reais');
    expect(await within(dialog).findByText('Informe um valor numérico')).toBeTruthy();
    expect(server.callsTo('PUT', `/api/customers/${rosa.id}`)).toHaveLength(0);

    await user.clear(field);
    await user.keyboard('1.500,00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await screen.findByText('Limite de crédito: R$ 1.500,00', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
    expect(server.callsTo('PUT', `/api/customers/${rosa.id}`)[0]!.body).toMatchObject({ credit_limit: 1500 });
  });

  it('without a connection the change is queued and the mirror holds the new limit', async () => {
    const db = getDb();
    await db.customers.put({ ...rosa, version: 1 } as never);
    server.on('PUT', `/api/customers/${rosa.id}`, () => {
      throw new TypeError('Failed to fetch');
    });
    await editLimit('800');
    expect(await screen.findByText('Cliente atualizado com sucesso!')).toBeTruthy();
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'customer', method: 'PUT', path: `/api/customers/${rosa.id}` });
    expect(entry!.body).toMatchObject({ credit_limit: 800 });
    expect((await db.customers.get(rosa.id))?.credit_limit).toBe(800);
    expect(
      screen.getByText('Limite de crédito: R$ 800,00', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeTruthy();
  });
});
