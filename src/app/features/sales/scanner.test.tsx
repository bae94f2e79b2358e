// Nova Venda's barcode scanner over the real app (mirror in fake-indexeddb): a scan is a
// fast burst of keys and Enter, typed wherever the focus is.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, deferred, type FakeServer } from '../../test/fake-server';
import { createFakeSync, type FakeSync } from '../../test/fake-sync';
import { CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { itemRows, openTill, seedOpenCaixa, type TillUser } from '../../test/till';

let server: FakeServer;
let sync: FakeSync;

const camisa = productJson({ name: 'Camisa Polo', sku: 'CAM-001', barcode: '7891234567895', current_stock: 2 });
const bone = productJson({ name: 'Boné', sku: 'BONE-AZUL-UNICO', barcode: '036000291452', sale_price: 30 });

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putProduct(camisa);
  sync.putProduct(bone);
  signedInAs(server, CASHIER);
});

/**
 * What a scanner does: the code and Enter, a few ms a key. The clock (what a key event's
 * timeStamp reads in jsdom) stands still while it types: jsdom re-renders the till after
 * every key far slower than a browser does, and the detector's speed rule is tested on
 * its own (scan-detector.test.ts).
 */
async function scan(user: TillUser, code: string) {
  // A second after the last key a person typed.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
  try {
    await user.keyboard(`${code}{Enter}`);
  } finally {
    vi.useRealTimers();
  }
}
afterEach(() => vi.useRealTimers());

describe('Nova Venda: leitor de código de barras', () => {
  it('adds one unit per scan of a barcode, to the same line, without the dropdown', async () => {
    const { user } = await openTill();
    await user.click(screen.getByPlaceholderText('Buscar produto por código ou nome...'));
    await scan(user, '7891234567895');
    await waitFor(() => expect(itemRows()).toEqual([expect.stringMatching(/Camisa Polo/)]));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((screen.getByPlaceholderText('Buscar produto por código ou nome...') as HTMLInputElement).value).toBe('');
    await scan(user, '7891234567895');
    await waitFor(() =>
      expect((screen.getByLabelText('Quantidade de Camisa Polo') as HTMLInputElement).value).toBe('2'),
    );
    // A UPC-A read as its EAN-13, and an exact SKU, find their products too.
    await scan(user, '0036000291452');
    await scan(user, 'BONE-AZUL-UNICO');
    await waitFor(() => expect((screen.getByLabelText('Quantidade de Boné') as HTMLInputElement).value).toBe('2'));
    expect(itemRows()).toHaveLength(2);
  });

  it('a scan in Quantidade or the customer search still goes to the products, leaving the field as it was', async () => {
    const { user } = await openTill();
    const quantity = screen.getByLabelText('Quantidade') as HTMLInputElement;
    await user.click(quantity);
    await scan(user, '7891234567895');
    await waitFor(() => expect(itemRows()).toEqual([expect.stringMatching(/Camisa Polo/)]));
    expect(quantity.value).toBe('1');
    expect(document.activeElement).toBe(screen.getByPlaceholderText('Buscar produto por código ou nome...'));

    const customer = screen.getByPlaceholderText('Buscar cliente por nome ou CPF...') as HTMLInputElement;
    await user.type(customer, 'Ma');
    await scan(user, '036000291452');
    await waitFor(() => expect(itemRows()).toHaveLength(2));
    expect(customer.value).toBe('Ma');
  });

  it('says a code no product has and adds nothing; beyond stock is refused', async () => {
    const { user } = await openTill();
    await user.click(screen.getByPlaceholderText('Buscar produto por código ou nome...'));
    await scan(user, '7890000000000');
    expect(await screen.findByText('Código 7890000000000 não encontrado')).toBeTruthy();
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();
    for (let i = 0; i < 3; i++) await scan(user, '7891234567895');
    expect(await screen.findByText(/Você já tem 2 unidades/)).toBeTruthy();
    expect((screen.getByLabelText('Quantidade de Camisa Polo') as HTMLInputElement).value).toBe('2');
  });

  it('a name typed as fast as a scanner, with its option shown, is chosen by Enter', async () => {
    // The option is on screen as soon as the last key lands (the catalogue is loaded), so
    // Enter follows the keys as closely as a scanner's: it still chooses what is shown.
    const { user } = await openTill();
    const search = screen.getByPlaceholderText('Buscar produto por código ou nome...') as HTMLInputElement;
    await user.click(search);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
    try {
      await user.keyboard('Camisa Polo');
      await screen.findByRole('option', { name: /Camisa Polo/ });
      await user.keyboard('{Enter}');
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Quantidade')));
    expect(search.value).toBe('Camisa Polo');
    expect(screen.queryByText(/não encontrado/)).toBeNull();
    await user.keyboard('2{Enter}');
    await waitFor(() => expect(itemRows()).toEqual([expect.stringMatching(/Camisa Polo/)]));
    expect((screen.getByLabelText('Quantidade de Camisa Polo') as HTMLInputElement).value).toBe('2');
  });

  it('a scan while the catalogue is still loading waits for it, and is added then, not refused', async () => {
    const download = deferred<void>();
    sync.holdPull = download.promise;
    await seedOpenCaixa();
    const { user } = renderApp('/vendas');
    await screen.findByText('PDV - Ponto de Venda');
    const search = screen.getByPlaceholderText('Buscar produto por código ou nome...');
    expect(search.getAttribute('aria-busy')).toBe('true');
    await user.click(search);
    await scan(user, '7891234567895');
    expect(await screen.findByText('O código 7891234567895 entra na venda assim que ele abrir.')).toBeTruthy();
    expect(screen.queryByText(/não encontrado/)).toBeNull();
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();

    sync.holdPull = null;
    download.resolve();
    await waitFor(() => expect(itemRows()).toEqual([expect.stringMatching(/Camisa Polo/)]));
    expect((screen.getByLabelText('Quantidade de Camisa Polo') as HTMLInputElement).value).toBe('1');
    expect(screen.queryByText(/não encontrado/)).toBeNull();
  });

  it("shows 'Ler código' only where the browser reads barcodes with the camera", async () => {
    await openTill();
    expect(screen.queryByRole('button', { name: 'Ler código' })).toBeNull();
  });
});
