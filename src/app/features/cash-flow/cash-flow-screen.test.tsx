// Fluxo de Caixa over the real app, the API faked at fetch: cards, signed values, the
// admin's period, filters, chart and pages, the cashier's day, and manual entries.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../../shared/dates';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import {
  answerCreates,
  CASH_SUMMARY,
  cashEntryJson,
  ok,
  queryOf,
  refusal,
  sentCreate,
  serveCashFlow,
  type CashFlowApi,
} from '../../test/finance-fixtures';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { cellsOf, expectToast, fillIn, text, UUID } from '../../test/screen-text';

let server: FakeServer;
let api: CashFlowApi;
const listCalls = () => server.callsTo('GET', '/api/cash-flow');
const chartCalls = () => server.callsTo('GET', '/api/cash-flow/chart');

const venda = cashEntryJson({
  description: 'Venda #123',
  type: 'income',
  category: 'Vendas',
  amount: 10,
  date: '2027-03-05',
  sale_id: '50000000-0000-4000-8000-000000000001',
});
// A manual entry is never dated after today (the edit sends its date back).
const ALUGUEL_DATE = addDays(todayIso(), -3);
const aluguel = cashEntryJson({
  description: 'Aluguel',
  type: 'expense',
  category: 'Administrativo',
  amount: 5,
  date: ALUGUEL_DATE,
});
const luz = cashEntryJson({
  description: 'Conta de luz paga',
  type: 'expense',
  category: 'Utilidades',
  amount: 1234.56,
  account_payable_id: '20000000-0000-4000-8000-000000000009',
});

function start(user: typeof ADMIN | typeof CASHIER) {
  server = createFakeServer();
  signedInAs(server, user);
  api = {
    entries: [venda, aluguel, luz],
    totalPages: 1,
    summary: CASH_SUMMARY,
    chart: [
      { date: addDays(todayIso(), -1), balance: 1000, income: 0, expenses: 0 },
      { date: todayIso(), balance: -49.5, income: 250.5, expenses: 1300 },
    ],
  };
  serveCashFlow(server, api);
}

describe('Fluxo de Caixa (admin)', () => {
  beforeEach(() => start(ADMIN));

  it('shows the summary cards and signed values', async () => {
    renderApp('/fluxo-caixa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fluxo de Caixa' })).toBeTruthy();
    await screen.findAllByText('Aluguel');
    const card = (title: string) => screen.getByRole('group', { name: title });
    expect(text(card('Saldo Inicial'))).toContain('R$ 1.000,00');
    expect(text(card('Entradas'))).toContain('R$ 250,50');
    expect(text(card('Saídas'))).toContain('R$ 1.300,00');
    expect(text(card('Saldo Final'))).toContain('-R$ 49,50');
    expect(within(card('Saldo Final')).getByTestId('stat-value').className).toContain('text-red-700');

    const headers = within(screen.getByRole('table', { name: 'Lançamentos' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Data', 'Tipo', 'Descrição', 'Categoria', 'Valor', 'Ações']);
    expect(cellsOf('Venda #123', { first: true }).slice(0, 5)).toEqual([
      expect.stringContaining('05/03/2027'),
      'Entrada',
      'Venda #123',
      'Vendas',
      '+ R$ 10,00',
    ]);
    expect(cellsOf('Aluguel', { first: true }).slice(1, 5)).toEqual([
      'Saída',
      'Aluguel',
      'Administrativo',
      '- R$ 5,00',
    ]);
    expect(cellsOf('Conta de luz paga', { first: true })[4]).toBe('- R$ 1.234,56');
    const valueCell = (d: string) => within(screen.getAllByText(d)[0]!.closest('tr')!).getAllByRole('cell')[4]!;
    expect(valueCell('Venda #123').className).toContain('text-green-700');
    expect(valueCell('Aluguel').className).toContain('text-red-700');
  });

  it('shows the final balance green when not negative', async () => {
    api.summary = { ...CASH_SUMMARY, final_balance: 0 };
    renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    const value = within(screen.getByRole('group', { name: 'Saldo Final' })).getByTestId('stat-value');
    expect(value.className).toContain('text-green-700');
  });

  it('asks for the last 30 days, the chart for the same range, and changes with the period and filters', async () => {
    const { user } = renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    const today = todayIso();
    expect(queryOf(listCalls()[0]!)).toEqual({
      page: '1',
      limit: '50',
      start_date: addDays(today, -29),
      end_date: today,
      min_amount: '0',
      max_amount: '0',
    });
    expect(await screen.findByTestId('cash-flow-chart')).toBeTruthy();
    expect(queryOf(chartCalls()[0]!)).toEqual({ start_date: addDays(today, -29), end_date: today });
    expect(screen.getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: '7 dias' }));
    await waitFor(() => expect(queryOf(chartCalls().at(-1)!).start_date).toBe(addDays(today, -6)));
    expect(queryOf(listCalls().at(-1)!).start_date).toBe(addDays(today, -6));

    await user.selectOptions(screen.getByLabelText('Tipo'), 'Saídas');
    await user.selectOptions(screen.getByLabelText('Categoria'), 'Utilidades');
    await waitFor(() =>
      expect(queryOf(listCalls().at(-1)!)).toMatchObject({ type: 'expense', category: 'Utilidades', page: '1' }),
    );
    // The chart covers the range only: type and category do not ask it again.
    expect(chartCalls()).toHaveLength(2);
  });

  it('shows the chart loading and its error', async () => {
    server.on('GET', '/api/cash-flow/chart', () => ({ status: 500, body: { success: false } }));
    renderApp('/fluxo-caixa');
    expect(await screen.findByText('Carregando dados...')).toBeTruthy();
    expect(
      await screen.findByText('Erro ao carregar dados: Failed to fetch chart data', {}, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it('pages and goes back to page 1 when a filter changes', async () => {
    api.totalPages = 2;
    const { user } = renderApp('/fluxo-caixa');
    await screen.findByText('Página 1 de 2');
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    await screen.findByText('Página 2 de 2');
    expect(queryOf(listCalls().at(-1)!).page).toBe('2');
    await user.click(screen.getByRole('button', { name: '90 dias' }));
    await screen.findByText('Página 1 de 2');
    expect(queryOf(listCalls().at(-1)!)).toMatchObject({ page: '1', start_date: addDays(todayIso(), -89) });
  });

  it('offers edit and delete on manual entries only', async () => {
    renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    const buttons = (d: string) =>
      within(screen.getAllByText(d)[0]!.closest('tr')!)
        .queryAllByRole('button')
        .map((b) => b.getAttribute('aria-label'));
    expect(buttons('Aluguel')).toEqual(['Editar', 'Excluir']);
    expect(buttons('Venda #123')).toEqual([]);
    expect(buttons('Conta de luz paga')).toEqual([]);
  });

  it('creates a manual entry dated today by default', async () => {
    answerCreates(server, '/api/cash-flow', cashEntryJson);
    const { user } = renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    await user.click(screen.getByRole('button', { name: /Novo Lançamento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Lançamento' });
    const date = within(dialog).getByLabelText('Data') as HTMLInputElement;
    expect(date.value).toBe(formatDate(todayIso()));
    await fillIn(user, dialog, {
      Tipo: 'Saída',
      Descrição: 'Troco do caixa',
      Categoria: 'Administrativo',
      Valor: '1.234,56',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Criar Lançamento' }));

    await expectToast('Sucesso', 'Lançamento criado com sucesso!');
    expect(sentCreate(server, '/api/cash-flow')).toEqual({
      id: expect.stringMatching(UUID),
      date: todayIso(),
      type: 'expense',
      description: 'Troco do caixa',
      category: 'Administrativo',
      amount: 1234.56,
    });
  }, 15_000);

  it('refuses a future date before sending, and says why the server refused', async () => {
    server.on('POST', '/api/cash-flow', () => refusal(403, 'Sem permissão', 'FORBIDDEN'));
    const { user } = renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    await user.click(screen.getByRole('button', { name: /Novo Lançamento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Lançamento' });
    // Typed as a person does: the digits only, the field selected on focus.
    const date = within(dialog).getByLabelText('Data');
    await user.click(date);
    await user.keyboard(formatDate(addDays(todayIso(), 1)).replace(/\//g, ''));
    await user.type(within(dialog).getByLabelText('Descrição'), 'Ajuste');
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Vendas');
    await user.type(within(dialog).getByLabelText('Valor'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Lançamento' }));
    expect(within(dialog).getByText(`Escolha uma data até ${formatDate(todayIso())}.`)).toBeTruthy();
    expect(server.callsTo('POST', '/api/cash-flow')).toHaveLength(0);

    await user.click(date);
    await user.keyboard(formatDate(todayIso()).replace(/\//g, ''));
    await user.click(within(dialog).getByRole('button', { name: 'Criar Lançamento' }));
    await expectToast('Erro', 'Erro ao criar lançamento: Sem permissão');
  }, 15_000);

  it('edits and deletes a manual entry', async () => {
    server.on('PUT', `/api/cash-flow/${aluguel.id}`, ({ body }) => ok({ ...aluguel, ...(body as object) }));
    server.on('DELETE', `/api/cash-flow/${aluguel.id}`, () => ({ body: { success: true } }));
    const { user } = renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    const row = () => screen.getAllByText('Aluguel')[0]!.closest('tr')!;
    await user.click(within(row()).getByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Lançamento' });
    expect((within(dialog).getByLabelText('Valor') as HTMLInputElement).value).toBe('5,00');
    const amount = within(dialog).getByLabelText('Valor');
    await user.clear(amount);
    await user.type(amount, '7,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso', 'Lançamento atualizado com sucesso!');
    const [put] = server.callsTo('PUT', `/api/cash-flow/${aluguel.id}`);
    expect(put!.body).toEqual({
      date: ALUGUEL_DATE,
      type: 'expense',
      description: 'Aluguel',
      category: 'Administrativo',
      amount: 7.5,
    });
    expect(put!.headers['Idempotency-Key']).toMatch(UUID);

    await user.click(within(row()).getByRole('button', { name: 'Excluir' }));
    const prompt = await screen.findByRole('alertdialog');
    expect(within(prompt).getByText('Tem certeza que deseja excluir este lançamento?')).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Excluir' }));
    await expectToast('Sucesso', 'Lançamento excluído com sucesso!');
    expect(server.callsTo('DELETE', `/api/cash-flow/${aluguel.id}`)[0]!.headers['Idempotency-Key']).toMatch(UUID);
  }, 15_000);

  it("says when the entries do not load ('Erro ao carregar fluxo de caixa')", async () => {
    server.on('GET', '/api/cash-flow', () => refusal(400, 'Período inválido', 'VALIDATION'));
    renderApp('/fluxo-caixa');
    await expectToast('Erro', 'Erro ao carregar fluxo de caixa');
    expect(await screen.findByText('Período inválido')).toBeTruthy();
  });
});

describe('Fluxo de Caixa (cashier)', () => {
  beforeEach(() => start(CASHIER));

  it("shows today's entries: no period, filters, chart, pages or changes", async () => {
    renderApp('/fluxo-caixa');
    await screen.findAllByText('Aluguel');
    const today = todayIso();
    expect(queryOf(listCalls()[0]!)).toEqual({
      page: '1',
      limit: '200',
      start_date: today,
      end_date: today,
      min_amount: '0',
      max_amount: '0',
    });
    expect(screen.getByText('Mostrando os lançamentos de hoje.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '30 dias' })).toBeNull();
    expect(screen.queryByLabelText('Tipo')).toBeNull();
    expect(screen.queryByLabelText('Categoria')).toBeNull();
    expect(screen.queryByTestId('cash-flow-chart')).toBeNull();
    expect(screen.queryByText('Admin')).toBeNull();
    expect(screen.queryByRole('button', { name: /Novo Lançamento/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(chartCalls()).toHaveLength(0);
    // Signed values for the cashier too.
    expect(cellsOf('Aluguel', { first: true })).toContain('- R$ 5,00');
  });
});
