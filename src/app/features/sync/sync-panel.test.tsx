// The top bar's sync status and the 'Sincronização' panel over the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb, type LocalSale } from '../../offline/db';
import { recordSale } from '../../counter/records';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync, type FakeSync } from '../../test/fake-sync';
import { ADMIN, CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { saleBody } from '../../test/sale-body';

let server: FakeServer;
let sync: FakeSync;
const product = productJson();

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putProduct(product);
});

function localSale(customerName: string): Omit<LocalSale, 'state' | 'conflicts'> {
  return {
    id: crypto.randomUUID(),
    createdAt: Date.now(),
    customerName,
    totalCentavos: 1990,
    paymentMethod: 'cash',
    items: [{ product_id: product.id, product_name: 'P', quantity: 1, unit_price_centavos: 1990 }],
  };
}

async function queue(...names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const sale = localSale(name);
    await recordSale(getDb(), sale, saleBody(sale, { notes: name }), { summary: `Venda · ${name}` });
    ids.push(sale.id);
  }
  return ids;
}

describe('sync status and panel', () => {
  it('shows online state, pending count and last sync time; the panel lists pending entries', async () => {
    sync.onSale = () => ({ status: 503, body: { success: false, error: 'Serviço indisponível', code: 'INTERNAL' } });
    await queue('Ana', 'Bia', 'Caio');
    signedInAs(server, CASHIER);
    const { user } = renderApp('/');
    const status = await screen.findByTestId('sync-status');
    expect(await within(status).findByText('3 pendentes')).toBeTruthy();
    expect(within(status).getByText('Online')).toBeTruthy();
    expect(await within(status).findByText(/^Sincronizado às \d{2}:\d{2}$/)).toBeTruthy();

    await user.click(status);
    const panel = await screen.findByRole('dialog', { name: 'Sincronização' });
    await within(panel).findByText('Venda · Caio');
    // A 5xx is each entry's own answer: every one was tried and keeps its error.
    await waitFor(() => expect(within(panel).getAllByText(/Último erro: Serviço indisponível/)).toHaveLength(3));
    expect(within(panel).getAllByText(/^Tentativas: /)).toHaveLength(3);
  });

  it('lets an admin retry or discard a rejected entry, each after a confirm', async () => {
    sync.onSale = (request) =>
      (request.body as { notes?: string }).notes === 'Ruim'
        ? { status: 400, body: { success: false, error: 'Cliente não encontrado', code: 'VALIDATION' } }
        : {
            status: 201,
            body: {
              success: true,
              data: {
                id: request.headers['Idempotency-Key'],
                stock_conflicts: [
                  {
                    product_id: request.headers['Idempotency-Key'],
                    product_name: 'Caneca',
                    requested: 2,
                    available: 1,
                  },
                ],
              },
            },
          };
    const [bad] = await queue('Ruim', 'Boa');
    signedInAs(server, ADMIN);
    const { user } = renderApp('/');
    const status = await screen.findByTestId('sync-status');
    expect(await within(status).findByText('1 com erro')).toBeTruthy();

    await user.click(status);
    const panel = await screen.findByRole('dialog', { name: 'Sincronização' });
    expect(await within(panel).findByText('Erro do servidor: Cliente não encontrado (400)')).toBeTruthy();
    // The sale the server accepted beyond its stock is listed for review.
    expect(await within(panel).findByText('1 produto vendido além do estoque')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Descartar' }));
    expect(within(panel).getByText(/Descartar esta alteração\?/)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Cancelar' }));
    expect(await getDb().outbox.count()).toBe(1);

    await user.click(within(panel).getByRole('button', { name: 'Tentar novamente' }));
    sync.onSale = () => ({ status: 201, body: { success: true, data: { id: bad, stock_conflicts: [] } } });
    await user.click(within(panel).getByRole('button', { name: 'Confirmar envio' }));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    expect((await getDb().sales.get(bad!))?.state).toBe('synced');
  });

  it('shows a cashier rejected entries without the admin actions', async () => {
    sync.onSale = () => ({ status: 422, body: { success: false, error: 'Venda inválida', code: 'VALIDATION' } });
    await queue('Ruim');
    signedInAs(server, CASHIER);
    const { user } = renderApp('/');
    const status = await screen.findByTestId('sync-status');
    await within(status).findByText('1 com erro');
    await user.click(status);
    const panel = await screen.findByRole('dialog', { name: 'Sincronização' });
    expect(await within(panel).findByText(/Erro do servidor: Venda inválida/)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Descartar' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it("shows the first catalogue load's progress in the top bar", async () => {
    for (let i = 0; i < 5500; i++) sync.putProduct(productJson());
    signedInAs(server, CASHIER);
    renderApp('/');
    // Pages of MIRROR_PAGE_SIZE (5,000).
    expect(await screen.findByText(/^Sincronizando produtos 5\.000 de 5\.501$/)).toBeTruthy();
    expect(await screen.findByText(/^Sincronizado às/)).toBeTruthy();
  });
});
