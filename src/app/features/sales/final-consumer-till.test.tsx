// Nova Venda with the store's 'Consumidor final' setting on (over the real app, the network
// faked at fetch): the sale starts with Consumidor final chosen, so an anonymous sale is add
// and finish; after the sale the form resets to it; another customer can be chosen as ever;
// and crediário is refused for it before finishing, with the reason.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoreSettingsSchema } from '../../../shared/contract/settings';
import { FINAL_CONSUMER_CREDIARIO } from '../../../shared/final-consumer';
import { customerJson } from '../../test/fake-sync';
import { addProduct, chooseCustomer, openTill } from '../../test/till';
import { fakeNetwork } from './sales-screen-fixtures';

const fake = fakeNetwork();
const anonymous = customerJson(9, { name: 'Consumidor final', final_consumer: true });

function storeSays(finalConsumer: boolean) {
  fake.sync.putCustomer(anonymous);
  const settings = StoreSettingsSchema.parse({ final_consumer: finalConsumer });
  fake.server.on('GET', '/api/settings', () => ({ body: { success: true, data: settings } }));
}

const chosen = () => screen.queryByText(/^Cliente selecionado:/)?.textContent ?? null;

describe('Nova Venda with Consumidor final', () => {
  it('starts with it chosen, finishes an anonymous sale and resets to it', async () => {
    storeSays(true);
    const { user } = await openTill();
    await waitFor(() => expect(chosen()).toBe('Cliente selecionado: Consumidor final'));
    await addProduct(user, 'calça', 'Calça Jeans', '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(
      await screen.findByText('Venda finalizada! Cliente: Consumidor final | Total: R$ 100,00 | Pagamento: Dinheiro'),
    ).toBeTruthy();
    expect(fake.sync.salesRequests[0]!.body).toMatchObject({ customer_id: anonymous.id });
    // Consumidor final buys nothing on crediário: its crediário is never asked for.
    expect(fake.server.callsTo('GET', `/api/customers/${anonymous.id}/crediario`)).toHaveLength(0);
    // The next sale starts the same way.
    await waitFor(() => expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy());
    expect(chosen()).toBe('Cliente selecionado: Consumidor final');

    // Another customer is chosen as ever, and theirs is.
    await chooseCustomer(user, 'maria', 'Maria Silva');
    expect(chosen()).toBe('Cliente selecionado: Maria Silva');
    await waitFor(() => expect(fake.server.calls.some((c) => /^\/api\/customers\/.+\/crediario$/.test(c.path))).toBe(true));
  }, 30_000);

  it('crediário is refused for it before finishing, with the reason', async () => {
    storeSays(true);
    const { user } = await openTill();
    await waitFor(() => expect(chosen()).toBe('Cliente selecionado: Consumidor final'));
    await addProduct(user, 'calça', 'Calça Jeans', '1');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    expect((await screen.findAllByText(FINAL_CONSUMER_CREDIARIO)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    await waitFor(() => expect(screen.getAllByText(FINAL_CONSUMER_CREDIARIO).length).toBeGreaterThan(1));
    expect(fake.sync.salesRequests).toHaveLength(0);
  }, 30_000);

  it('with the setting off a sale starts without a customer, as the spec says', async () => {
    storeSays(false);
    await openTill();
    await screen.findByText('Itens da Venda');
    expect(chosen()).toBeNull();
  }, 30_000);
});
