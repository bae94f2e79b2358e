// Contas a Receber over the real app, the API faked at fetch: cards and table, filters
// (debounced search, dates for admins only), payment, creation, a cashier's view.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../../shared/dates';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../../test/fake-sync';
import {
  RECEIVABLE_STATS,
  ok,
  queryOf,
  receivableJson,
  refusal,
  serveReceivables,
  type ReceivablesApi,
} from '../../test/finance-fixtures';
import { ADMIN, CASHIER, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { cellsOf, expectToast, text, UUID } from '../../test/screen-text';

let server: FakeServer;
let sync: FakeSync;
let api: ReceivablesApi;

const listCalls = () => server.callsTo('GET', '/api/accounts-receivable');
const statsCalls = () => server.callsTo('GET', '/api/accounts-receivable/statistics');

const parcela = receivableJson({
  description: 'Parcela 1/3',
  customer: { name: 'Maria Silva', document: '52998224725' },
  amount: 1500.5,
  due_date: '2027-03-05',
  status: 'overdue',
  payment_method: 'crediario',
});
const avulsa = receivableJson({
  description: 'Serviço de ajuste',
  customer: null,
  amount: 40,
  due_date: '2027-04-01',
  status: 'pending',
  payment_method: null,
});
const quitada = receivableJson({ description: 'Quitada', status: 'paid', payment_method: 'pix' });
const cancelada = receivableJson({ description: 'Desistência', status: 'cancelled' });
const maria = customerJson(1, { name: 'Maria Silva', document: '52998224725' });
/** The store's late charges: multa 2%, juros 1% a month. */
const settings = { late_fee_percent: 2, late_interest_monthly_percent: 1, cashiers_receive_installments: false };

function start(user: typeof ADMIN | typeof CASHIER) {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putCustomer(maria);
  sync.putCustomer(customerJson(2, { name: 'João Souza' }));
  signedInAs(server, user);
  api = { accounts: [parcela, avulsa, quitada, cancelada], stats: RECEIVABLE_STATS };
  serveReceivables(server, api);
  server.on('GET', '/api/settings', () => ok(settings));
}

const receiptJson = (account: Record<string, unknown>, paid: Record<string, number>) =>
  ok({ receivable: { ...account, status: 'paid' }, days_late: 0, multa: 0, juros: 0, ...paid });

/** The screen with its list shown. */
async function showList() {
  const shown = renderApp('/receber');
  await screen.findByText('Parcela 1/3');
  return shown;
}

/** The 'Nova Conta' dialog, with its description and amount typed. */
async function newAccount(description: string, amount: string) {
  const { user } = await showList();
  await user.click(screen.getByRole('button', { name: /Nova Conta/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova Conta' });
  await user.type(within(dialog).getByLabelText('Descrição'), description);
  await user.type(within(dialog).getByLabelText('Valor'), amount);
  return { user, dialog };
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

  it("'Confirmar Pagamento' takes the method and a partial amount, dated today", async () => {
    const url = `/api/accounts-receivable/${parcela.id}/receive`;
    server.on('POST', url, () => receiptJson(parcela, { amount: 500, total: 500 }));
    const { user } = renderApp('/receber');
    await screen.findByText('Parcela 1/3');
    await user.click(
      within(screen.getByText('Parcela 1/3').closest('tr')!).getByRole('button', { name: 'Registrar Pagamento' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Pagamento' });
    expect(text(dialog)).toContain('Maria Silva');
    expect(text(dialog)).toContain('R$ 1.500,50');
    expect(text(dialog)).toContain('05/03/2027');
    expect(text(dialog)).toContain(formatDate(todayIso()));
    await user.selectOptions(within(dialog).getByLabelText('Forma de pagamento'), 'PIX');
    const amount = within(dialog).getByLabelText('Valor pago da parcela');
    await user.clear(amount);
    await user.type(amount, '1600');
    expect(text(dialog)).toContain('O valor pago não pode ser maior que o que está em aberto na parcela.');
    await user.clear(amount);
    await user.type(amount, '500');
    expect(text(dialog)).toContain('Pagamento parcial: o restante fica em aberto.');
    // Not yet due: nothing added.
    expect(text(within(dialog).getByTestId('receipt-figures'))).toBe(
      'MultaR$ 0,00JurosR$ 0,00Total a receberR$ 500,00',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    await expectToast('Sucesso', 'Pagamento registrado com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [post] = server.callsTo('POST', url);
    expect(post!.body).toEqual({ payment_date: todayIso(), payment_method: 'pix', amount: 500 });
    expect(post!.headers['Idempotency-Key']).toMatch(UUID);
  });

  it('an overdue instalment shows its multa and juros, and the change for cash', async () => {
    const late = receivableJson({ description: 'Parcela 2/3', amount: 100, due_date: addDays(todayIso(), -30) });
    api.accounts = [late];
    const url = `/api/accounts-receivable/${late.id}/receive`;
    server.on('POST', url, () => receiptJson(late, { amount: 100, days_late: 30, multa: 2, juros: 1, total: 103 }));
    const { user } = renderApp('/receber');
    await screen.findByText('Parcela 2/3');
    await user.click(screen.getByRole('button', { name: 'Registrar Pagamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Pagamento' });
    // 2% of R$ 100,00; 1% a month for 30 days.
    expect(text(within(dialog).getByTestId('receipt-figures'))).toBe(
      'Multa (2%)R$ 2,00Juros (30 dia(s) de atraso)R$ 1,00Total a receberR$ 103,00',
    );
    await user.type(within(dialog).getByLabelText('Valor recebido'), '100');
    expect(text(dialog)).toContain('O valor recebido é menor que o total a receber.');
    expect(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' })).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('Valor recebido'));
    await user.type(within(dialog).getByLabelText('Valor recebido'), '110');
    expect(text(within(dialog).getByTestId('receipt-change'))).toBe('R$ 7,00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    await expectToast('Sucesso', 'Pagamento registrado com sucesso!');
    expect(server.callsTo('POST', url)[0]!.body).toEqual({
      payment_date: todayIso(),
      payment_method: 'cash',
      amount: 100,
    });
  });

  it("says why a payment was refused: 'Erro ao registrar o pagamento: …'", async () => {
    server.on('POST', `/api/accounts-receivable/${parcela.id}/receive`, () =>
      refusal(409, 'Esta conta está cancelada e não pode ser paga.'),
    );
    const { user } = renderApp('/receber');
    await screen.findByText('Parcela 1/3');
    await user.click(
      within(screen.getByText('Parcela 1/3').closest('tr')!).getByRole('button', { name: 'Registrar Pagamento' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Pagamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar Pagamento' }));
    await expectToast('Erro', 'Erro ao registrar o pagamento: Esta conta está cancelada e não pode ser paga.');
  });

  it('asks for the required fields, then creates with a customer from the device', async () => {
    server.on('POST', '/api/accounts-receivable', ({ body }) => ({
      status: 201,
      body: { success: true, data: receivableJson(body as Record<string, unknown>) },
    }));
    const { user, dialog } = await newAccount('Conserto', '89,9');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Conta' }));
    await expectToast('Erro', 'Preencha todos os campos obrigatórios');
    expect(server.callsTo('POST', '/api/accounts-receivable')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Vencimento'), '10052027');
    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), '529.982');
    await user.click(await within(dialog).findByRole('option', { name: /Maria Silva/ }));
    expect(within(dialog).getByText('Cliente selecionado: Maria Silva')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Forma de Pagamento'), 'PIX');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Conta' }));

    await expectToast('Sucesso', 'Conta a receber criada com sucesso!');
    const [post] = server.callsTo('POST', '/api/accounts-receivable');
    const body = post!.body as Record<string, unknown>;
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      description: 'Conserto',
      customer_id: maria.id,
      amount: 89.9,
      due_date: '2027-05-10',
      payment_method: 'pix',
    });
    expect(post!.headers['Idempotency-Key']).toBe(body.id);
  }, 15_000);

  it("says why a create was refused: 'Erro ao criar conta a receber: …'", async () => {
    server.on('POST', '/api/accounts-receivable', () => refusal(404, 'Cliente não encontrado', 'NOT_FOUND'));
    const { user, dialog } = await newAccount('Conserto', '10');
    await user.type(within(dialog).getByLabelText('Vencimento'), '10052027');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Conta' }));
    await expectToast('Erro', 'Erro ao criar conta a receber: Cliente não encontrado');
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
    server.on('GET', '/api/settings', () => ok({ ...settings, cashiers_receive_installments: true }));
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
