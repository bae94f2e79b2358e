// Contas a Receber changes over the real app, the API faked at fetch: 'Confirmar
// Pagamento' (partial, late with multa and juros, refused) and 'Nova Conta' (required
// fields, a customer from the device, refused).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../../shared/dates';
import type { FakeServer } from '../../test/fake-server';
import {
  answerCreates,
  ok,
  receivableJson,
  refusal,
  sentCreate,
  type ReceivablesApi,
} from '../../test/finance-fixtures';
import { ADMIN } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, text, UUID } from '../../test/screen-text';
import { maria, newAccount, parcela, startReceivables } from './receivables-test-setup';

let server: FakeServer;
let api: ReceivablesApi;

const receiptJson = (account: Record<string, unknown>, paid: Record<string, number>) =>
  ok({ receivable: { ...account, status: 'paid' }, days_late: 0, multa: 0, juros: 0, ...paid });

describe('Contas a Receber (admin): changes', () => {
  beforeEach(() => {
    ({ server, api } = startReceivables(ADMIN));
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
    answerCreates(server, '/api/accounts-receivable', receivableJson);
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
    expect(sentCreate(server, '/api/accounts-receivable')).toEqual({
      id: expect.stringMatching(UUID),
      description: 'Conserto',
      customer_id: maria.id,
      amount: 89.9,
      due_date: '2027-05-10',
      payment_method: 'pix',
    });
  }, 15_000);

  it("says why a create was refused: 'Erro ao criar conta a receber: …'", async () => {
    server.on('POST', '/api/accounts-receivable', () => refusal(404, 'Cliente não encontrado', 'NOT_FOUND'));
    const { user, dialog } = await newAccount('Conserto', '10');
    await user.type(within(dialog).getByLabelText('Vencimento'), '10052027');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Conta' }));
    await expectToast('Erro', 'Erro ao criar conta a receber: Cliente não encontrado');
  });
});
