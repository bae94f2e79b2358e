// Contas a Pagar over the real app, the API faked at fetch: cards, table, filters and
// pages, and the offline note.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import {
  PAYABLE_STATS,
  payableJson,
  queryOf,
  refusal,
  servePayables,
  type PayablesApi,
} from '../../test/finance-fixtures';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { text } from '../../test/screen-text';

let server: FakeServer;
let api: PayablesApi;

function card(title: string) {
  return screen.getByRole('group', { name: title });
}

function rows() {
  return within(screen.getByRole('table', { name: 'Contas a pagar' }))
    .getAllByRole('row')
    .slice(1);
}

const listCalls = () => server.callsTo('GET', '/api/accounts-payable');

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  api = {
    accounts: [
      payableJson({
        supplier_name: 'Energia SA',
        description: 'Conta de luz',
        amount: 350,
        due_date: '2027-03-05',
        category: 'Utilidades',
        status: 'overdue',
      }),
      payableJson({
        supplier_name: 'Gráfica Beta',
        description: 'Panfletos',
        amount: 1234.5,
        due_date: '2027-04-10',
        category: 'Marketing',
      }),
    ],
    totalPages: 1,
    stats: PAYABLE_STATS,
    overdueCount: 2,
  };
  servePayables(server, api);
});

describe('Contas a Pagar', () => {
  it('shows the statistics, the overdue badge and the table in BRL and dd/MM/yyyy', async () => {
    renderApp('/pagar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contas a Pagar' })).toBeTruthy();
    await screen.findByText('Energia SA');
    await waitFor(() => expect(text(card('Total Pendente'))).toContain('R$ 1.234,56'));
    expect(text(card('Total Pendente'))).toContain('1 conta');
    expect(text(card('Total Pendente'))).not.toContain('1 contas');
    expect(text(card('Total Vencido'))).toContain('R$ 350,00');
    expect(text(card('Total Vencido'))).toContain('2 contas');
    expect(text(card('Total Pago'))).toContain('R$ 99,90');
    expect(text(card('Total Pago'))).toContain('3 contas');
    expect(await screen.findByText('2 conta(s) vencida(s)')).toBeTruthy();

    const headers = within(screen.getByRole('table', { name: 'Contas a pagar' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Fornecedor', 'Descrição', 'Valor', 'Vencimento', 'Categoria', 'Status', 'Ações']);
    const [luz, panfletos] = rows();
    const cells = within(luz!)
      .getAllByRole('cell')
      .map((c) => text(c));
    expect(cells.slice(1, 6)).toEqual(['Conta de luz', 'R$ 350,00', '05/03/2027', 'Utilidades', 'Vencido']);
    expect(text(within(panfletos!).getAllByRole('cell')[2]!)).toBe('R$ 1.234,50');
    expect(text(within(panfletos!).getAllByRole('cell')[5]!)).toBe('Pendente');
    // The status badge's colour follows the status.
    expect(within(within(luz!).getAllByRole('cell')[5]!).getByText('Vencido').className).toContain('bg-red-100');
    expect(within(within(panfletos!).getAllByRole('cell')[5]!).getByText('Pendente').className).toContain(
      'bg-blue-100',
    );

    expect(queryOf(listCalls()[0]!)).toEqual({ page: '1', limit: '20' });
    // One page: no pagination.
    expect(screen.queryByText(/Página \d+ de/)).toBeNull();
  });

  it('hides the overdue badge when nothing is overdue', async () => {
    api.overdueCount = 0;
    renderApp('/pagar');
    await screen.findByText('Energia SA');
    await waitFor(() => expect(server.callsTo('GET', '/api/accounts-payable/overdue')).toHaveLength(1));
    expect(screen.queryByText(/conta\(s\) vencida\(s\)/)).toBeNull();
  });

  it('pages with Anterior/Próxima and goes back to page 1 on any filter change', async () => {
    api.totalPages = 3;
    const { user } = renderApp('/pagar');
    await screen.findByText('Página 1 de 3');
    expect(screen.getByRole('button', { name: 'Anterior' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3')).toBeTruthy();
    expect(queryOf(listCalls().at(-1)!)).toEqual({ page: '2', limit: '20' });

    await user.selectOptions(screen.getByLabelText('Status'), 'Pago');
    expect(await screen.findByText('Página 1 de 3')).toBeTruthy();
    expect(queryOf(listCalls().at(-1)!)).toEqual({ page: '1', limit: '20', status: 'paid' });

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 3');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Marketing');
    await screen.findByText('Página 1 de 3');
    expect(queryOf(listCalls().at(-1)!)).toEqual({ page: '1', limit: '20', status: 'paid', category: 'Marketing' });

    await user.selectOptions(screen.getByLabelText('Forma de Pagamento'), 'PIX');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!).payment_method).toBe('pix'));

    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 3');
    const before = listCalls().length;
    await user.type(screen.getByPlaceholderText('Buscar por fornecedor ou descrição...'), 'luz');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!).search).toBe('luz'));
    expect(queryOf(listCalls().at(-1)!)).toEqual({
      page: '1',
      limit: '20',
      status: 'paid',
      category: 'Marketing',
      payment_method: 'pix',
      search: 'luz',
    });
    // Typing three letters asked once (debounced), never for page 2 with the new search.
    expect(
      listCalls()
        .slice(before)
        .map((c) => queryOf(c).search ?? ''),
    ).toEqual(['luz']);
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();

    const beforeClear = listCalls().length;
    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('all');
    expect((screen.getByLabelText('Categoria') as HTMLSelectElement).value).toBe('all');
    expect((screen.getByPlaceholderText('Buscar por fornecedor ou descrição...') as HTMLInputElement).value).toBe('');
    // The unfiltered first page is still fresh in the cache: nothing to ask.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(listCalls()).toHaveLength(beforeClear);
    expect(screen.getByText('Energia SA')).toBeTruthy();
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
  }, 20_000);

  it('offers only the actions each status allows', async () => {
    api.accounts = [
      payableJson({ supplier_name: 'Aberta', status: 'pending' }),
      payableJson({ supplier_name: 'Atrasada', status: 'overdue' }),
      payableJson({ supplier_name: 'Quitada', status: 'paid' }),
      payableJson({ supplier_name: 'Desistida', status: 'cancelled' }),
    ];
    renderApp('/pagar');
    await screen.findByText('Aberta');
    const actionsOf = (name: string) =>
      within(screen.getByText(name).closest('tr')!)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    const all = ['Marcar como Pago', 'Editar', 'Cancelar', 'Excluir'];
    expect(actionsOf('Aberta')).toEqual(all);
    expect(actionsOf('Atrasada')).toEqual(all);
    expect(actionsOf('Quitada')).toEqual([]);
    expect(actionsOf('Desistida')).toEqual(['Excluir']);
    const cancelled = within(screen.getByText('Desistida').closest('tr')!).getAllByRole('cell')[5]!;
    expect(within(cancelled).getByText('Cancelado').className).toContain('bg-slate-100');
    const paid = within(screen.getByText('Quitada').closest('tr')!).getAllByRole('cell')[5]!;
    expect(within(paid).getByText('Pago').className).toContain('bg-green-100');
  });

  it("says so when the list does not load ('Erro ao carregar contas a pagar')", async () => {
    server.on('GET', '/api/accounts-payable', () => refusal(500, 'Falha interna', 'INTERNAL'));
    renderApp('/pagar');
    const toast = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(text(toast)).toContain('Erro');
    expect(text(toast)).toContain('Erro ao carregar contas a pagar');
    expect(await screen.findByText('Falha interna')).toBeTruthy();
  });

  it('is not offered to a cashier', async () => {
    server = createFakeServer();
    signedInAs(server, CASHIER);
    servePayables(server, api);
    renderApp('/pagar');
    expect(await screen.findByText('Você não tem permissão para acessar este recurso.')).toBeTruthy();
    expect(listCalls()).toHaveLength(0);
  });

  it('tells how old the data is when the connection drops', async () => {
    renderApp('/pagar');
    await screen.findByText('Energia SA');
    expect(screen.queryByText(/^Offline/)).toBeNull();
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const note = await screen.findByText(/^Offline · dados de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/);
      const now = new Date();
      const today = `${String(now.getDate()).padStart(2, '0')}/${String(now.getMonth() + 1).padStart(2, '0')}/${now.getFullYear()}`;
      expect(note.textContent).toContain(today);
    } finally {
      Object.defineProperty(Navigator.prototype, 'onLine', onLine);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
    }
    // A change of a select while offline still works locally (no crash).
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
  });
});
