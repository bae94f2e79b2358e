// 'Adicionar Produto' as a cashier types: a product chosen with Enter (or a click) leaves
// Quantidade selected, so the number typed replaces the 1 and Enter adds it; an add
// refused for stock, and a finished sale, leave the card empty for the next product.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../../test/fake-sync';
import { CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { chooseCustomer, itemRows, openTill } from '../../test/till';

let server: FakeServer;
let sync: FakeSync;

const camisa = productJson({ name: 'Camisa Polo', sku: 'CAM-001', current_stock: 5, sale_price: 49.9 });
const calca = productJson({ name: 'Calça Jeans', sku: 'CAL-002', current_stock: 10, sale_price: 100 });

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putProduct(camisa);
  sync.putProduct(calca);
  sync.putCustomer(customerJson(1, { name: 'Maria Silva' }));
  signedInAs(server, CASHIER);
});

const search = () => screen.getByPlaceholderText('Buscar produto por código ou nome...') as HTMLInputElement;
const quantity = () => screen.getByLabelText('Quantidade') as HTMLInputElement;
const lineQuantity = (name: string) => (screen.getByLabelText(`Quantidade de ${name}`) as HTMLInputElement).value;

describe('Adicionar Produto', () => {
  it('Enter on a product selects Quantidade: typing 2 gives 2, and Enter adds 2', async () => {
    const { user } = await openTill();
    await user.type(search(), 'polo');
    await screen.findByRole('option', { name: /Camisa Polo/ });
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(quantity());
    expect([quantity().selectionStart, quantity().selectionEnd]).toEqual([0, 1]);
    await user.keyboard('2');
    expect(quantity().value).toBe('2');
    await user.keyboard('{Enter}');
    expect(itemRows()).toEqual([expect.stringContaining('Camisa Polo')]);
    expect(lineQuantity('Camisa Polo')).toBe('2');
    // Ready for the next product.
    expect(document.activeElement).toBe(search());
    expect(quantity().value).toBe('1');
  });

  it('a product chosen with a click does the same', async () => {
    const { user } = await openTill();
    await user.type(search(), 'calça');
    await user.click(await screen.findByRole('option', { name: /Calça Jeans/ }));
    expect(document.activeElement).toBe(quantity());
    await user.keyboard('3{Enter}');
    expect(lineQuantity('Calça Jeans')).toBe('3');
  });

  it('an add refused for stock clears the product and its quantity', async () => {
    const { user } = await openTill();
    await user.type(search(), 'CAM-001');
    await user.click(await screen.findByRole('option', { name: /Camisa Polo/ }));
    await user.keyboard('9{Enter}');
    expect(await screen.findByText('Você solicitou 9 unidades, mas só há 5 disponíveis em estoque.')).toBeTruthy();
    expect(search().value).toBe('');
    expect(quantity().value).toBe('1');
    expect(document.activeElement).toBe(search());
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();
    // Nothing is left chosen: 'Adicionar' asks for a product.
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Selecione um produto da lista antes de adicionar')).toBeTruthy();
  });

  it('a finished sale clears what was left in Adicionar Produto', async () => {
    const { user } = await openTill();
    await chooseCustomer(user, 'maria', 'Maria Silva');
    await user.type(search(), 'polo');
    await user.keyboard('{Enter}1{Enter}');
    expect(lineQuantity('Camisa Polo')).toBe('1');
    // A second product chosen, a quantity typed, never added.
    await user.type(search(), 'calça');
    await user.keyboard('{Enter}4');
    expect(search().value).toBe('Calça Jeans');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText(/Venda finalizada! Cliente: Maria Silva/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy());
    expect(search().value).toBe('');
    expect(quantity().value).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Selecione um produto da lista antes de adicionar')).toBeTruthy();
  });
});
