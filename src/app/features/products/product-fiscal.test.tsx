// Novo Produto: the fiscal data typed as people write it ('6109.10.00') goes to the API as
// the contract takes it, the selects offer the store's default, and a code a note could not
// carry is refused under its field before anything is sent.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { productJson } from '../../test/fixtures';
import { openNewProduct } from '../../test/product-dialog';

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer();
  server.on('GET', '/api/products', () => ({
    body: {
      success: true,
      data: {
        products: [productJson({ sku: 'CAL-002', name: 'Calça Jeans' })],
        pagination: { page: 1, limit: 200, total: 1, totalPages: 1 },
      },
    },
  }));
});

describe('Produtos: dados fiscais', () => {
  it('sends NCM and CEST as digits, the chosen CFOP, CSOSN and origem, and the unit in capitals', async () => {
    const { user, dialog } = await openNewProduct(server, 'Calça Jeans');
    await user.type(within(dialog).getByLabelText('SKU'), 'BON-004');
    await user.type(within(dialog).getByLabelText('Nome'), 'Boné');
    await user.type(within(dialog).getByLabelText('NCM'), '6505.00.22');
    await user.type(within(dialog).getByLabelText('CEST'), '28.059.00');
    expect(within(dialog).getAllByRole('option', { name: 'Padrão da loja' })).toHaveLength(3);
    await user.selectOptions(within(dialog).getByLabelText('CFOP'), '5405');
    await user.selectOptions(within(dialog).getByLabelText('CSOSN'), '500');
    await user.selectOptions(within(dialog).getByLabelText('Origem'), '2');
    const unit = within(dialog).getByLabelText('Unidade');
    await user.clear(unit);
    await user.type(unit, 'pç');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto adicionado com sucesso!')).toBeTruthy();
    expect(server.callsTo('POST', '/api/products')[0]!.body).toMatchObject({
      ncm: '65050022',
      cest: '2805900',
      cfop: '5405',
      csosn: '500',
      origin: 2,
      unit: 'PÇ',
    });
  });

  it('refuses an incomplete NCM under its field, sending nothing', async () => {
    const { user, dialog } = await openNewProduct(server, 'Calça Jeans');
    await user.type(within(dialog).getByLabelText('SKU'), 'BON-005');
    await user.type(within(dialog).getByLabelText('Nome'), 'Boné');
    await user.type(within(dialog).getByLabelText('NCM'), '6505.00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('NCM: informe os 8 dígitos')).toBeTruthy();
    expect(server.callsTo('POST', '/api/products')).toHaveLength(0);
  });
});
