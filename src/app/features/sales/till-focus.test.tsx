// Where the keyboard is at the till, over the real app (network faked at fetch): on arrival
// in 'Fundo de troco' while the caixa is closed, then in 'Buscar produto' after 'Abrir
// Caixa' and after each sale, so the next sale starts without a Tab.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addProduct, chooseCustomer, openTill } from '../../test/till';
import { fakeNetwork } from './sales-screen-fixtures';

fakeNetwork();

const productSearch = () => screen.getByPlaceholderText('Buscar produto por código ou nome...');

describe('Nova Venda: o foco', () => {
  it("goes to 'Fundo de troco', then to 'Buscar produto' after opening the caixa and after a sale", async () => {
    const { user } = await openTill({ caixa: false });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Fundo de troco')));
    await user.keyboard('10,00');
    await user.click(screen.getByRole('button', { name: 'Abrir Caixa' }));
    await screen.findByText('Caixa aberto');
    await waitFor(() => expect(document.activeElement).toBe(productSearch()));

    await chooseCustomer(user, 'maria', 'Maria Silva');
    await addProduct(user, 'calça', 'Calça Jeans', '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    await screen.findByText(/Venda finalizada! Cliente: Maria Silva/);
    await waitFor(() => expect(document.activeElement).toBe(productSearch()));
  }, 30_000);

  it("arriving with the caixa open, the focus is in 'Buscar produto'", async () => {
    await openTill();
    await waitFor(() => expect(document.activeElement).toBe(productSearch()));
  });
});
