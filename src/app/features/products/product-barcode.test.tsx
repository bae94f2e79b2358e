// Produtos' barcode: the dialog's 'Código de barras' checked as it is typed, sent as bare
// digits, shown in the list and found by the search.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, productJson, signedInAs } from '../../test/fixtures';
import { openNewProduct } from '../../test/product-dialog';
import { renderApp } from '../../test/render-app';

let server: FakeServer;

const CATALOGUE = [
  productJson({ sku: 'CAM-001', name: 'Camiseta Básica', barcode: '7891234567895' }),
  productJson({ sku: 'CAL-002', name: 'Calça Jeans' }),
];

beforeEach(() => {
  server = createFakeServer();
  server.on('GET', '/api/products', () => ({
    body: {
      success: true,
      data: { products: CATALOGUE, pagination: { page: 1, limit: 200, total: 2, totalPages: 1 } },
    },
  }));
});

describe('Produtos: código de barras', () => {
  it('shows the barcode in the list and finds the product by part of it', async () => {
    signedInAs(server, ADMIN);
    const { user } = renderApp('/produtos');
    await screen.findByText('Calça Jeans');
    expect(screen.getAllByText('7891234567895').length).toBeGreaterThan(0);
    await user.type(screen.getByPlaceholderText(/Buscar/), '4567');
    await waitFor(() => expect(screen.queryByText('Calça Jeans')).toBeNull());
    expect(screen.getByText('Camiseta Básica')).toBeTruthy();
  });

  it('checks the code as it is typed and sends it as bare digits', async () => {
    const { user, dialog } = await openNewProduct(server, 'Calça Jeans');
    await user.type(within(dialog).getByLabelText('SKU'), 'BON-004');
    await user.type(within(dialog).getByLabelText('Nome'), 'Boné');
    const field = within(dialog).getByLabelText('Código de barras');

    await user.type(field, '78912x');
    expect(within(dialog).getByText('Código de barras inválido: use só números.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '789123');
    // Not complete yet: nothing said while typing.
    expect(within(dialog).queryByText(/Código de barras inválido/)).toBeNull();
    await user.type(field, '4567896{Enter}');
    expect(within(dialog).getByText('Código de barras inválido: o dígito verificador não confere.')).toBeTruthy();
    // Enter (a scanner's) did not submit the dialog.
    expect(server.callsTo('POST', '/api/products')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '789 1234-567895');
    expect(within(dialog).getByText('EAN-13 válido')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeTruthy();
    expect(server.callsTo('POST', '/api/products')[0]!.body).toMatchObject({
      sku: 'BON-004',
      barcode: '7891234567895',
    });
  });

  it('says a short code is incomplete once the field is left, and refuses to save it', async () => {
    const { user, dialog } = await openNewProduct(server, 'Calça Jeans');
    await user.type(within(dialog).getByLabelText('SKU'), 'X-1');
    await user.type(within(dialog).getByLabelText('Nome'), 'Curto');
    await user.type(within(dialog).getByLabelText('Código de barras'), '12345');
    await user.tab();
    const message = 'Código de barras inválido: use 8, 12, 13 ou 14 dígitos (GTIN/EAN).';
    expect(within(dialog).getByText(message)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(server.callsTo('POST', '/api/products')).toHaveLength(0);
  });
});
