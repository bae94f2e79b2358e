// Contas a Receber over the real app, the API faked at fetch: cards and table, filters
// (debounced search, dates for admins only), what did not load, a cashier's view.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { todayIso } from '../../../shared/dates';
import type { FakeServer } from '../../test/fake-server';
import { ok, queryOf, refusal, type ReceivablesApi } from '../../test/finance-fixtures';
import { ADMIN, CASHIER } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { cellsOf, expectToast, text } from '../../test/screen-text';
import { showList, startReceivables, storeSettings } from './receivables-test-setup';

let server: FakeServer;
let api: ReceivablesApi;

const listCalls = () => server.callsTo('GET', '/api/accounts-receivable');
const statsCalls = () => server.callsTo('GET', '/api/accounts-receivable/statistics');

function start(user: typeof ADMIN | typeof CASHIER) {
  ({ server, api } = startReceivables(user));
}

describe('Contas a Receber (admin)', () => {
  beforeEach(() => start(ADMIN));

  it('shows the statistics and the table in BRL and dd/MM/yyyy', async () => {
    renderApp('/receber');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contas a Receber' })).toBeTruthy();
    await screen.findByText('Parcela 1/3');
    await waitFor(() => expect(text(screen.getByRole('group', { name: 'Total Pendente' }))).toContain('R$ 2.500,75'));
    expect(text(screen.getByRole('group', { name: 'Total Atrasado' }))).toContain('R$ 480,00');
    expect(text(screen.getByRole('group', { name: 'Contas Pendentes' }))).toContain('7');

    const headers = within(screen.getByRole('table', { name: 'Contas a receber' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Descrição', 'Cliente', 'Valor', 'Vencimento', 'Status', 'Método', 'Ações']);
    expect(cellsOf('Parcela 1/3').slice(1, 6)).toEqual([
      'Maria Silva',
      'R$ 1.500,50',
      '05/03/2027',
      'Atrasado',
      'Crediário',
    ]);
    expect(cellsOf('Serviço de ajuste').slice(1, 6)).toEqual(['-', 'R$ 40,00', '01/04/2027', 'Pendente', '-']);
    const statusOf = (d: string, label: string) =>
      within(within(screen.getByText(d).closest('tr')!).getAllByRole('cell')[4]!).getByText(label).className;
    expect(statusOf('Parcela 1/3', 'Atrasado')).toContain('bg-red-100');
    expect(statusOf('Serviço de ajuste', 'Pendente')).toContain('bg-blue-100');
    expect(statusOf('Quitada', 'Pago')).toContain('bg-green-100');
    expect(statusOf('Desistência', 'Cancelado')).toContain('bg-slate-100');

    expect(queryOf(listCalls()[0]!)).toEqual({ page: '1', limit: '50' });
    expect(queryOf(statsCalls()[0]!)).toEqual({});
  });

  it('offers Registrar Pagamento only on open accounts', async () => {
    renderApp('/receber');
    await screen.findByText('Parcela 1/3');
    const pay = (d: string) =>
      within(screen.getByText(d).closest('tr')!).queryByRole('button', { name: 'Registrar Pagamento' });
    expect(pay('Parcela 1/3')).toBeTruthy();
    expect(pay('Serviço de ajuste')).toBeTruthy();
    expect(pay('Quitada')).toBeNull();
    expect(pay('Desistência')).toBeNull();
    // The receivable flow offers nothing else.
    expect(within(screen.getByText('Parcela 1/3').closest('tr')!).getAllByRole('button')).toHaveLength(1);
  });

  it('says when more accounts match than the 50 shown', async () => {
    api.total = 73;
    renderApp('/receber');
    expect(await screen.findByText('Mostrando 4 de 73 contas. Use os filtros para encontrar as demais.')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    api.accounts = [];
    renderApp('/receber');
    expect(await screen.findByText('Nenhuma conta a receber encontrada')).toBeTruthy();
  });

  it('sends the search once, after typing stops', async () => {
    const { user } = await showList();
    const before = listCalls().length;
    await user.type(screen.getByPlaceholderText('Nome ou CPF do cliente'), 'Maria');
    // Five keys, well within the 500 ms: nothing asked yet.
    expect(listCalls()).toHaveLength(before);
    await waitFor(() => expect(listCalls()).toHaveLength(before + 1));
    expect(queryOf(listCalls().at(-1)!)).toEqual({ page: '1', limit: '50', search: 'Maria' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(listCalls()).toHaveLength(before + 1);
  });

  it('filters by status and due-date range (the statistics follow the range)', async () => {
    const { user } = await showList();
    await user.selectOptions(screen.getByLabelText('Status'), 'Atrasado');
    await waitFor(() => expect(queryOf(listCalls().at(-1)!).status).toBe('overdue'));
    await user.type(screen.getByLabelText('Data inicial'), '01032027');
    await user.type(screen.getByLabelText('Data final'), '31032027');
    await waitFor(() =>
      expect(queryOf(listCalls().at(-1)!)).toEqual({
        page: '1',
        limit: '50',
        status: 'overdue',
        start_date: '2027-03-01',
        end_date: '2027-03-31',
      }),
    );
    await waitFor(() =>
      expect(queryOf(statsCalls().at(-1)!)).toEqual({ start_date: '2027-03-01', end_date: '2027-03-31' }),
    );
  });

  it('says when the list or the statistics do not load', async () => {
    server.on('GET', '/api/accounts-receivable/statistics', () => refusal(400, 'Data inválida', 'VALIDATION'));
    renderApp('/receber');
    await expectToast('Erro', 'Erro ao carregar estatísticas');
    server.on('GET', '/api/accounts-receivable', () => refusal(400, 'Filtro inválido', 'VALIDATION'));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'paid' } });
    await expectToast('Erro', 'Erro ao carregar contas a receber');
  });
});

describe('Contas a Receber (cashier)', () => {
  beforeEach(() => start(CASHIER));

  it("shows today's accounts with no way to create, pay or pick dates", async () => {
    await showList();
    expect(screen.getByText('Mostrando as contas com vencimento hoje.')).toBeTruthy();
    expect(screen.queryByLabelText('Data inicial')).toBeNull();
    expect(screen.queryByLabelText('Data final')).toBeNull();
    expect(screen.queryByRole('button', { name: /Nova Conta/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Registrar Pagamento' })).toBeNull();
    const headers = within(screen.getByRole('table', { name: 'Contas a receber' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).not.toContain('Ações');
    const today = todayIso();
    expect(queryOf(listCalls()[0]!)).toEqual({ page: '1', limit: '50', start_date: today, end_date: today });
    await waitFor(() => expect(queryOf(statsCalls()[0]!)).toEqual({ start_date: today, end_date: today }));
  });

  it('may receive instalments when the store allows it', async () => {
    server.on('GET', '/api/settings', () => ok({ ...storeSettings, cashiers_receive_installments: true }));
    renderApp('/receber');
    await screen.findByText('Parcela 1/3');
    expect(
      await within(screen.getByText('Parcela 1/3').closest('tr')!).findByRole('button', {
        name: 'Registrar Pagamento',
      }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Nova Conta/ })).toBeNull();
  });
});
