// Notas Fiscais names the products no note can carry yet (no NCM), from
// GET /api/products?without_ncm=true: how many, the first ten names and 'e mais N', with the
// link to Produtos filtered to them; nothing when every product has its NCM.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, productJson, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';

let server: FakeServer;
let withoutNcm: { names: string[]; total: number };

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  server.on('GET', '/api/fiscal/notes', () => ({
    body: { success: true, data: { notes: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } } },
  }));
  server.on('GET', '/api/products', ({ url }) => {
    const limit = Number(url.searchParams.get('limit'));
    const products = withoutNcm.names.slice(0, limit).map((name) => productJson({ name, size: '', color: '', ncm: null })); // prettier-ignore
    const pagination = { page: 1, limit, total: withoutNcm.total, totalPages: Math.ceil(withoutNcm.total / limit) };
    return { body: { success: true, data: { products, pagination } } };
  });
});

async function openScreen() {
  renderApp('/notas-fiscais');
  await screen.findByRole('heading', { name: 'Notas Fiscais' });
}

describe('Notas Fiscais: the products without NCM', () => {
  it("says how many, names the first ten with 'e mais N', and links to Produtos filtered to them", async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Produto sem NCM ${String(i + 1).padStart(2, '0')}`);
    withoutNcm = { names, total: 12 };
    await openScreen();
    const notice = await screen.findByRole('note', { name: 'Produtos sem NCM' });
    expect(text(notice)).toBe(
      `12 produtos sem NCM não saem na NFC-e: ${names.slice(0, 10).join(', ')} e mais 2. Completar em Produtos`,
    );
    const link = within(notice).getByRole('link', { name: 'Completar em Produtos' });
    expect(link.getAttribute('href')).toBe('/produtos?fiscal=sem-ncm');
    const [asked] = server.callsTo('GET', '/api/products');
    expect(asked!.url.searchParams.get('without_ncm')).toBe('true');
    expect(asked!.url.searchParams.get('limit')).toBe('10');
  });

  it('a thousand and more: the counts as pt-BR writes them (1.062, e mais 1.052)', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Peça ${i + 1}`);
    withoutNcm = { names, total: 1062 };
    await openScreen();
    const notice = await screen.findByRole('note', { name: 'Produtos sem NCM' });
    expect(text(notice)).toBe(
      `1.062 produtos sem NCM não saem na NFC-e: ${names.join(', ')} e mais 1.052. Completar em Produtos`,
    );
  });

  it('one product: the singular, its name with its variant (variants share a name), nothing more', async () => {
    withoutNcm = { names: [], total: 1 };
    server.on('GET', '/api/products', () => ({
      body: {
        success: true,
        data: {
          products: [productJson({ name: 'Camiseta Básica', size: 'M', color: 'Azul', ncm: null })],
          pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
        },
      },
    }));
    await openScreen();
    const notice = await screen.findByRole('note', { name: 'Produtos sem NCM' });
    expect(text(notice)).toBe('1 produto sem NCM não sai na NFC-e: Camiseta Básica · M / Azul. Completar em Produtos');
  });

  it('says nothing when every product has its NCM', async () => {
    withoutNcm = { names: [], total: 0 };
    await openScreen();
    await waitFor(() => expect(server.callsTo('GET', '/api/products')).toHaveLength(1));
    // The products were asked before the notes (the line sits above them): once the notes'
    // answer shows, the products' has been read.
    await screen.findByText('Nenhuma nota encontrada.');
    expect(screen.queryByRole('note', { name: 'Produtos sem NCM' })).toBeNull();
    expect(screen.queryByText(/sem NCM/)).toBeNull();
  });
});
