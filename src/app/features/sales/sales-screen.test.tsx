// Nova Venda over the real app: mirror, stock overlay, crediário, finishing into the
// outbox (online and offline). The network is faked at fetch only.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '../../offline/db';
import { recordSale } from '../../offline/outbox';
import { createFakeServer, deferred, type FakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../../test/fake-sync';
import { CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { addProduct, chooseCustomer, itemRows, openTill } from '../../test/till';
import { QUEUED_SALE_NOTE } from './use-finish-sale';

let server: FakeServer;
let sync: FakeSync;

const camisa = productJson({ name: 'Camisa Polo', sku: 'CAM-001', current_stock: 5, sale_price: 49.9 });
const calca = productJson({ name: 'Calça Jeans', sku: 'CAL-002', current_stock: 10, sale_price: 100 });
const maria = customerJson(1, { name: 'Maria Silva', document: '52998224725', phone: '(11) 98888-7777' });

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putProduct(camisa);
  sync.putProduct(calca);
  sync.putCustomer(maria);
  sync.putCustomer(customerJson(2, { name: 'João Souza' }));
  signedInAs(server, CASHIER);
});

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
    sync.onSale = () => ({ status: 503, body: { success: false, error: 'Indisponível', code: 'INTERNAL' } });
    await recordSale(
      getDb(),
      {
        id: crypto.randomUUID(),
        createdAt: Date.now(),
        customerName: 'Maria Silva',
        totalCentavos: 9980,
        paymentMethod: 'cash',
        items: [{ product_id: camisa.id, product_name: 'Camisa Polo', quantity: 2, unit_price_centavos: 4990 }],
      },
      {},
      { summary: 'Venda anterior' },
    );
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
    expect((screen.getByLabelText('Número de parcelas') as HTMLSelectElement).value).toBe('2');
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
    expect(sync.salesRequests).toHaveLength(1);
    const [sent] = sync.salesRequests;
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
    sync.onSale = (request) => {
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
    expect(sync.salesRequests).toHaveLength(2);
    expect((sync.salesRequests[1]!.body as { items: unknown[] }).items).toEqual([
      { product_id: calca.id, quantity: 2, unit_price: 119.9 },
      { product_id: camisa.id, quantity: 1, unit_price: 49.9 },
    ]);
    // A new sale id (and key) for the second try.
    expect(sync.salesRequests[1]!.headers['Idempotency-Key']).not.toBe(
      sync.salesRequests[0]!.headers['Idempotency-Key'],
    );
    expect((await getDb().sales.toArray()).map((s) => s.state)).toEqual(['synced']);
  }, 20_000);

  it('without an answer from the server, the sale goes to the outbox under the same id and is delivered later', async () => {
    const held = deferred<void>();
    let calls = 0;
    sync.onSale = async (request) => {
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
    await user.click(screen.getByLabelText('Quer adicionar uma entrada?'));
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
    await waitFor(() => expect(sync.salesRequests).toHaveLength(2));
    expect(sync.salesRequests.map((r) => r.headers['Idempotency-Key'])).toEqual([sale!.id, sale!.id]);
    expect((sync.salesRequests[0]!.body as { offline: boolean }).offline).toBe(false);
    held.resolve();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect((await db.sales.get(sale!.id))?.state).toBe('synced');
  }, 20_000);

  it('finishes the same way when the network is gone', async () => {
    const { user } = await openTill();
    sync.network = 'offline';
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
    expect(sync.sales.size).toBe(0);
  });

  it('draws the form at once; while the first catalogue loads the searches say so, then answer what was typed', async () => {
    // A first load in two pages; the second is held.
    const gate = deferred<void>();
    const page = (data: Record<string, unknown>) => ({
      body: { success: true, data: { customers: [], tombstones: [], reset: false, ...data } },
    });
    server.on('GET', '/api/sync/pull', async (request) => {
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
    sync.network = 'offline';
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
