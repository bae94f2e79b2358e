// The Pix charge and the till's 'Produto adicionado' notice: on a phone the notice sits just
// above the finish bar, where 'Copiar código Pix' and 'Pix recebido' come (item-added-toast.ts).
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../components/toaster';
import { dismissAllToasts, toast } from '../../components/toast-store';
import { toastItemAdded } from './item-added-toast';
import { PixCharge } from './pix-charge';

const SALE_ID = '0b8f3c2e-6a1d-4c59-9e0f-2f7d8a1b3c4d';
const charge = (amount: number) => (
  <PixCharge amount={amount} saleId={SALE_ID} settings={undefined} onConfirm={() => {}} finishing={false} />
);

describe('the Pix charge and the notice of the last item added', () => {
  afterEach(() => act(() => dismissAllToasts()));

  it('takes the notice off the screen when the charge shows, and when an item added changes the amount', () => {
    render(<Toaster />);
    act(() => toastItemAdded(2, 'Camiseta Básica'));
    expect(screen.getByText('2x Camiseta Básica')).toBeTruthy();
    const shown = render(charge(5980));
    expect(screen.getByRole('button', { name: 'Pix recebido' })).toBeTruthy();
    expect(screen.queryByText('Produto adicionado')).toBeNull();

    act(() => toastItemAdded(1, 'Boné Aba Curva'));
    expect(screen.getByText('1x Boné Aba Curva')).toBeTruthy();
    shown.rerender(charge(8970));
    expect(screen.queryByText('Produto adicionado')).toBeNull();
  });

  it('leaves every other notice where it is', () => {
    render(<Toaster />);
    act(
      () =>
        void toast({ title: 'Código Pix copiado', description: 'Cole o código no aplicativo do banco do cliente.' }),
    );
    render(charge(5980));
    expect(screen.getByText('Código Pix copiado')).toBeTruthy();
  });
});
