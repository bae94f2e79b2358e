// Nova Venda over the real app, finishing: online straight to the server, a price the server
// says changed, and into the outbox when the server does not answer or the network is gone.
// The network is faked at fetch only.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../offline/db';
import { deferred } from '../../test/fake-server';
import { addProduct, chooseCustomer, itemRows, openTill } from '../../test/till';
import { calca, camisa, fakeNetwork, maria } from './sales-screen-fixtures';
import { QUEUED_SALE_NOTE } from './use-finish-sale';

const fake = fakeNetwork();

describe('Nova Venda', () => {
  it('online, finishing sends the sale straight to the server, keeps it as delivered and resets the form', async () => {
    const { user } = await openTill();
    await chooseCustomer(user, 'maria', 'Maria Silva');
    await addProduct(user, 'calça', 'Calça Jeans', '2');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(
      await screen.findByText('Venda finalizada! Cliente: Maria Silva | Total: R$ 200,00 | Pagamento: Dinheiro'),
    ).toBeTruthy();
    // Taken by the server: nothing is said about this device.
    expect(screen.queryByText(QUEUED_SALE_NOTE)).toBeNull();
    const db = getDb();
    const [sale] = await db.sales.toArray();
    expect(sale).toMatchObject({ customerName: 'Maria Silva', totalCentavos: 20000, state: 'synced' });
    expect(await db.outbox.count()).toBe(0);
    expect(fake.sync.salesRequests).toHaveLength(1);
    const [sent] = fake.sync.salesRequests;
    expect(sent!.headers['Idempotency-Key']).toBe(sale!.id);
    expect(sent!.body).toMatchObject({
      id: sale!.id,
      items: [{ product_id: calca.id, quantity: 2, unit_price: 100 }],
      offline: false,
      device_id: expect.any(String),
      device_label: expect.any(String),
    });
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();
  }, 20_000);

  it('a price the server says changed updates the line and tells the cashier, who finishes again', async () => {
    let calls = 0;
    fake.sync.onSale = (request) => {
      calls++;
      if (calls === 1) {
        return {
          status: 409,
          body: {
            success: false,
            code: 'PRICE_CHANGED',
            error: 'O preço de Calça Jeans mudou para R$ 119,90. Confira o item e finalize de novo.',
            details: [
              {
                product_id: calca.id,
                product_name: 'Calça Jeans',
                unit_price_centavos: 10000,
                current_price_centavos: 11990,
              },
            ],
          },
        };
      }
      return {
        status: 201,
        body: { success: true, data: { id: request.headers['Idempotency-Key'], stock_conflicts: [] } },
      };
    };
    const { user } = await openTill();
    await chooseCustomer(user, 'maria', 'Maria Silva');
    await addProduct(user, 'calça', 'Calça Jeans', '2');
    await addProduct(user, 'polo', 'Camisa Polo', '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    expect(
      await screen.findByText('O preço de Calça Jeans mudou para R$ 119,90. Confira o item e finalize de novo.'),
    ).toBeTruthy();
    expect(screen.getByText('Preço atualizado')).toBeTruthy();
    // That line now has the current price; the other line, the customer and the method stay.
    expect(itemRows()[0]).toMatch(/Calça Jeans.*R\$ 119,90.*R\$ 239,80/);
    expect(itemRows()[1]).toMatch(/Camisa Polo.*R\$ 49,90/);
    expect(screen.getByText('Cliente selecionado: Maria Silva')).toBeTruthy();
    // Nothing was kept: the refused sale is not pending anywhere.
    expect(await getDb().sales.count()).toBe(0);
    expect(await getDb().outbox.count()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(
      await screen.findByText('Venda finalizada! Cliente: Maria Silva | Total: R$ 289,70 | Pagamento: Dinheiro'),
    ).toBeTruthy();
    expect(fake.sync.salesRequests).toHaveLength(2);
    expect((fake.sync.salesRequests[1]!.body as { items: unknown[] }).items).toEqual([
      { product_id: calca.id, quantity: 2, unit_price: 119.9 },
      { product_id: camisa.id, quantity: 1, unit_price: 49.9 },
    ]);
    // A new sale id (and key) for the second try.
    expect(fake.sync.salesRequests[1]!.headers['Idempotency-Key']).not.toBe(
      fake.sync.salesRequests[0]!.headers['Idempotency-Key'],
    );
    expect((await getDb().sales.toArray()).map((s) => s.state)).toEqual(['synced']);
  }, 20_000);

  it('without an answer from the server, the sale goes to the outbox under the same id and is delivered later', async () => {
    const held = deferred<void>();
    let calls = 0;
    fake.sync.onSale = async (request) => {
      calls++;
      // The direct sending meets a server in trouble; the outbox's tries wait.
      if (calls === 1) return { status: 503, body: { success: false, error: 'Indisponível', code: 'INTERNAL' } };
      await held.promise;
      return {
        status: 201,
        body: { success: true, data: { id: request.headers['Idempotency-Key'], stock_conflicts: [] } },
      };
    };
    const { user } = await openTill();
    const finishButton = screen.getByRole('button', { name: 'Finalizar Venda' });
    expect((finishButton as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Selecione um cliente antes de finalizar a venda')).toBeTruthy();

    await chooseCustomer(user, 'maria', 'Maria Silva');
    expect(screen.getByText('Adicione pelo menos um produto antes de finalizar a venda')).toBeTruthy();
    await addProduct(user, 'calça', 'Calça Jeans', '2');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    await user.click(await screen.findByLabelText('Quer adicionar uma entrada?')); // loaded when chosen
    await user.type(screen.getByLabelText('Valor da entrada'), '50');
    await user.click(finishButton);

    expect(
      await screen.findByText(
        'Venda finalizada! Cliente: Maria Silva | Total: R$ 200,00 | Pagamento: Entrada R$ 50,00 + 2x de R$ 75,00',
      ),
    ).toBeTruthy();
    // Kept on the device: the toast says so, under the spec's text.
    expect(screen.getByText('Salva neste dispositivo; será enviada quando a conexão voltar.')).toBeTruthy();
    const db = getDb();
    const [sale] = await db.sales.toArray();
    expect(sale).toMatchObject({
      customerName: 'Maria Silva',
      totalCentavos: 20000,
      state: 'pending',
      paymentMethod: 'crediario',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ id: sale!.id, kind: 'sale', method: 'POST', path: '/api/sales', status: 'pending' });
    expect(entry!.body).toMatchObject({
      id: sale!.id,
      customer_id: maria.id,
      items: [{ product_id: calca.id, quantity: 2, unit_price: 100 }],
      payment_method: 'crediario',
      crediario: { entrada: 50, parcelas: 2, vencimentos: [expect.any(String), expect.any(String)] },
      offline: true,
    });

    // The form is back to its start (spec §4).
    expect(screen.queryByText(/Cliente selecionado/)).toBeNull();
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();
    expect((screen.getByLabelText('Forma de pagamento') as HTMLSelectElement).value).toBe('cash');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    expect((screen.getByLabelText('Número de parcelas') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Quer adicionar uma entrada?') as HTMLInputElement).checked).toBe(false);

    // The direct sending, then the engine right away, both with the sale's id as key.
    await waitFor(() => expect(fake.sync.salesRequests).toHaveLength(2));
    expect(fake.sync.salesRequests.map((r) => r.headers['Idempotency-Key'])).toEqual([sale!.id, sale!.id]);
    expect((fake.sync.salesRequests[0]!.body as { offline: boolean }).offline).toBe(false);
    held.resolve();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect((await db.sales.get(sale!.id))?.state).toBe('synced');
  }, 20_000);

  it('finishes the same way when the network is gone', async () => {
    const { user } = await openTill();
    fake.sync.network = 'offline';
    await chooseCustomer(user, 'joão', 'João Souza');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(
      await screen.findByText('Venda finalizada! Cliente: João Souza | Total: R$ 49,90 | Pagamento: Dinheiro'),
    ).toBeTruthy();
    expect(screen.getByText('Salva neste dispositivo; será enviada quando a conexão voltar.')).toBeTruthy();
    // The send failed on the network: the row waits, the badge says so.
    await waitFor(async () => expect((await getDb().outbox.toArray())[0]?.attempts).toBe(1));
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(await screen.findByText('1 pendente')).toBeTruthy();
    expect((await getDb().outbox.toArray())[0]).toMatchObject({ status: 'pending', lastError: expect.any(String) });
    expect(fake.sync.sales.size).toBe(0);
  });
});
