// Nova Venda over the real app, the form: searching the mirror and adding products, the
// stock overlay, crediário, and the form drawn while the first catalogue loads (or is
// missing). The network is faked at fetch only.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../offline/db';
import { recordSale } from '../../counter/records';
import { deferred } from '../../test/fake-server';
import { renderApp } from '../../test/render-app';
import { addProduct, chooseCustomer, itemRows, openTill } from '../../test/till';
import { calca, camisa, fakeNetwork, maria } from './sales-screen-fixtures';
import { saleBody } from '../../test/sale-body';

const fake = fakeNetwork();

describe('Nova Venda', () => {
  it('searches the mirror and adds products; an empty quantity counts as 1', async () => {
    const { user } = await openTill();
    expect(screen.getByRole('heading', { name: 'Nova Venda' })).toBeTruthy();
    // The number the sale will get ('#A-0001'), or 'nova' while the till has no code yet.
    expect(screen.getByTestId('sale-number').textContent).toMatch(/^(#[A-Z]+-\d{4}|nova)$/);

    await user.type(screen.getByPlaceholderText('Buscar produto por código ou nome...'), 'cal-0');
    const option = await screen.findByRole('option', { name: /Calça Jeans/ });
    expect(option.textContent?.replace(/\s/g, ' ')).toMatch(/SKU: CAL-002 · M \/ Azul · Estoque: 10.*R\$ 100,00/);
    await user.click(option);
    await user.clear(screen.getByLabelText('Quantidade'));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(itemRows()).toEqual([expect.stringContaining('Calça Jeans')]);

    await addProduct(user, 'polo', 'Camisa Polo', '2');
    expect(itemRows()[1]).toMatch(/Camisa Polo.*R\$ 49,90.*R\$ 99,80/);
    expect(screen.getByTestId('sale-total').textContent?.replace(/\s/g, ' ')).toBe('R$ 199,80');
    // Adding again merges into the line.
    await addProduct(user, 'polo', 'Camisa Polo', '1');
    expect((screen.getByLabelText('Quantidade de Camisa Polo') as HTMLInputElement).value).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('Selecione um produto da lista antes de adicionar')).toBeTruthy();
  });

  it('checks stock against the mirror minus sales not yet delivered', async () => {
    // Two units of the camisa were sold here and are still waiting for the server.
    fake.sync.onSale = () => ({ status: 503, body: { success: false, error: 'Indisponível', code: 'INTERNAL' } });
    const earlier = {
      id: crypto.randomUUID(),
      createdAt: Date.now(),
      customerName: 'Maria Silva',
      totalCentavos: 9980,
      paymentMethod: 'cash',
      items: [{ product_id: camisa.id, product_name: 'Camisa Polo', quantity: 2, unit_price_centavos: 4990 }],
    };
    await recordSale(getDb(), earlier, saleBody(earlier), { summary: 'Venda anterior' });
    const { user } = await openTill();
    await user.type(screen.getByPlaceholderText('Buscar produto por código ou nome...'), 'CAM-001');
    expect((await screen.findByRole('option', { name: /Camisa Polo/ })).textContent).toContain('Estoque: 3');
    await screen.findByText('1 pendente');

    await addProduct(user, '', 'Camisa Polo', '4');
    expect(await screen.findByText('Você solicitou 4 unidades, mas só há 3 disponíveis em estoque.')).toBeTruthy();
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();

    await addProduct(user, 'CAM', 'Camisa Polo', '2');
    await addProduct(user, 'CAM', 'Camisa Polo', '2');
    expect(
      await screen.findByText('Você já tem 2 unidades. Adicionando 2 ficaria 4, mas só há 3 disponíveis.'),
    ).toBeTruthy();

    const qty = screen.getByLabelText('Quantidade de Camisa Polo');
    await user.clear(qty);
    await user.type(qty, '9');
    expect(
      await screen.findByText('Você tentou alterar para 9 unidades, mas só há 3 disponíveis em estoque.'),
    ).toBeTruthy();
  });

  it('crediário: due dates, entrada limited to the total, installment value', async () => {
    const { user } = await openTill();
    await chooseCustomer(user, '529.982', 'Maria Silva');
    expect(screen.getByText('Cliente selecionado: Maria Silva')).toBeTruthy();
    await addProduct(user, 'calça', 'Calça Jeans', '3');

    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    expect(((await screen.findByLabelText('Número de parcelas')) as HTMLSelectElement).value).toBe('2');
    expect(within(screen.getByRole('list', { name: 'Vencimentos' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('installment-value').textContent?.replace(/\s/g, ' ')).toBe('2x de R$ 150,00');
    await user.selectOptions(screen.getByLabelText('Número de parcelas'), '3');
    expect(within(screen.getByRole('list', { name: 'Vencimentos' })).getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByLabelText('Quer adicionar uma entrada?'));
    const entrada = screen.getByLabelText('Valor da entrada');
    // A money field (comma or dot, the numeric keypad): its limits are said in the spec's words.
    expect(entrada.getAttribute('inputmode')).toBe('decimal');
    await user.type(entrada, '350');
    expect(screen.getByText('O valor da entrada não pode ser maior que o total da venda.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findAllByText('O valor da entrada não pode ser maior que o total da venda.')).toHaveLength(2);
    expect(await getDb().sales.count()).toBe(0);

    await user.clear(entrada);
    await user.type(entrada, '-5');
    expect(screen.getByText('Informe um valor numérico')).toBeTruthy();
    await user.clear(entrada);
    await user.type(entrada, '60');
    expect(screen.getByTestId('installment-value').textContent?.replace(/\s/g, ' ')).toBe('3x de R$ 80,00');

    // Leaving crediário clears the due dates and the entrada.
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'pix');
    expect(screen.queryByRole('list', { name: 'Vencimentos' })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    expect((screen.getByLabelText('Quer adicionar uma entrada?') as HTMLInputElement).checked).toBe(false);
  });

  it('draws the form at once; while the first catalogue loads the searches say so, then answer what was typed', async () => {
    // A first load in two pages; the second is held.
    const gate = deferred<void>();
    const page = (data: Record<string, unknown>) => ({
      body: { success: true, data: { customers: [], tombstones: [], reset: false, ...data } },
    });
    fake.server.on('GET', '/api/sync/pull', async (request) => {
      if (request.url.searchParams.get('since') === null) {
        return page({ products: [{ ...camisa, version: 1 }], cursor: '.1.1-1-', hasMore: true, remaining: 2 });
      }
      await gate.promise;
      return page({
        products: [{ ...calca, version: 2 }],
        customers: [{ ...maria, version: 3 }],
        cursor: '1-1-.0.',
        hasMore: false,
        remaining: 0,
      });
    });
    // Whether the till ever said the catalogue was missing (it must not: this load succeeds).
    const saidMissing: string[] = [];
    const watcher = new MutationObserver(() => {
      if (document.body.textContent?.includes('O catálogo ainda não foi carregado')) saidMissing.push('sim');
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    const { user } = renderApp('/vendas');
    // The whole form is there before the catalogue.
    expect(await screen.findByRole('heading', { name: 'Nova Venda' })).toBeTruthy();
    expect(screen.getByText('PDV - Ponto de Venda')).toBeTruthy();
    // The number the sale will get ('#A-0001'), or 'nova' while the till has no code yet.
    expect(screen.getByTestId('sale-number').textContent).toMatch(/^(#[A-Z]+-\d{4}|nova)$/);
    expect(screen.getByText('Nenhum produto adicionado')).toBeTruthy();
    expect(screen.getByText('Resumo da Venda')).toBeTruthy();
    const productSearch = screen.getByPlaceholderText('Buscar produto por código ou nome...');
    const customerSearch = screen.getByPlaceholderText('Buscar cliente por nome ou CPF...');
    // Both searches say they are loading; nothing can be added meanwhile.
    expect(screen.getAllByRole('status').filter((s) => s.textContent === 'Carregando...')).toHaveLength(2);
    expect(productSearch.getAttribute('aria-busy')).toBe('true');
    expect(customerSearch.getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement).disabled).toBe(true);

    // The cashier types anyway: the list says 'Carregando...' and how far the load got.
    await user.type(productSearch, 'calça');
    const list = screen.getByRole('listbox', { name: 'Buscar produto' });
    expect(within(list).getByText('Carregando...')).toBeTruthy();
    expect(await within(list).findByText('Sincronizando produtos 1 de 3')).toBeTruthy();
    // Page 1 is on the device, but the till waits for the whole catalogue.
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(productSearch.getAttribute('aria-busy')).toBe('true');

    gate.resolve();
    // What was typed is answered once the catalogue is there.
    const option = await screen.findByRole('option', { name: /Calça Jeans/ });
    expect(option.textContent).toContain('Estoque: 10');
    expect(productSearch.getAttribute('aria-busy')).toBeNull();
    expect(customerSearch.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByText('Carregando...')).toBeNull();
    watcher.disconnect();
    // Not even for a moment between the end of the load and its mark being read.
    expect(saidMissing).toEqual([]);
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(itemRows()).toEqual([expect.stringContaining('Calça Jeans')]);
    await chooseCustomer(user, 'maria', 'Maria Silva');
    expect(screen.getByText('Cliente selecionado: Maria Silva')).toBeTruthy();
  });

  it('with no network and no catalogue yet, the form says the catalogue is missing instead of loading', async () => {
    fake.sync.network = 'offline';
    const { user } = renderApp('/vendas');
    expect(await screen.findByText(/O catálogo ainda não foi carregado por completo neste dispositivo/)).toBeTruthy();
    expect(screen.queryByText('Carregando...')).toBeNull();
    const productSearch = screen.getByPlaceholderText('Buscar produto por código ou nome...');
    expect(productSearch.getAttribute('aria-busy')).toBeNull();
    await user.type(productSearch, 'calça');
    expect(await screen.findByText('Nenhum produto encontrado')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Adicionar' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
