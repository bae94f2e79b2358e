// Contas a Pagar changes over the real app, the API faked at fetch: create and edit
// (required fields, blanks sent absent), pay with or without a date, cancel and delete
// after a prompt, the §8 toasts, and an Idempotency-Key on every change.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatDate, todayIso } from '../../../shared/dates';
import { createFakeServer, type FakeRequest, type FakeServer } from '../../test/fake-server';
import {
  answerCreates,
  PAYABLE_STATS,
  ok,
  payableJson,
  refusal,
  sentCreate,
  servePayables,
  type PayablesApi,
} from '../../test/finance-fixtures';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, fillIn, text, UUID } from '../../test/screen-text';

let server: FakeServer;
let api: PayablesApi;

const energia = payableJson({
  supplier_name: 'Energia SA',
  description: 'Conta de luz',
  amount: 350,
  due_date: '2027-03-05',
  category: 'Utilidades',
  payment_method: 'pix',
  reference_number: 'NF-77',
  notes: 'Pagar no app',
});

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  api = { accounts: [energia], totalPages: 1, stats: PAYABLE_STATS, overdueCount: 0 };
  servePayables(server, api);
});

async function openScreen() {
  const view = renderApp('/pagar');
  await screen.findByText('Energia SA');
  return view;
}

function rowAction(name: string) {
  return within(screen.getByText('Energia SA').closest('tr')!).getByRole('button', { name });
}

function expectKey(request: FakeRequest) {
  expect(request.headers['Idempotency-Key']).toMatch(UUID);
}

describe('Contas a Pagar: changes', () => {
  it('enables Criar Conta only with the five required fields, and sends blanks and "Nenhuma" absent', async () => {
    answerCreates(server, '/api/accounts-payable', payableJson);
    const { user } = await openScreen();
    const listsBefore = server.callsTo('GET', '/api/accounts-payable').length;
    await user.click(screen.getByRole('button', { name: /Nova Conta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Conta a Pagar' });
    const create = within(dialog).getByRole('button', { name: 'Criar Conta' });
    expect((within(dialog).getByLabelText('Forma de Pagamento') as HTMLSelectElement).value).toBe('none');

    await user.type(within(dialog).getByLabelText('Fornecedor'), 'Gráfica Beta');
    await user.type(within(dialog).getByLabelText('Descrição'), 'Panfletos');
    await user.type(within(dialog).getByLabelText('Valor'), '1.234,5');
    await user.type(within(dialog).getByLabelText('Vencimento'), '10042027');
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Categoria'), 'Marketing');
    expect(create.hasAttribute('disabled')).toBe(false);
    await user.clear(within(dialog).getByLabelText('Fornecedor'));
    expect(create.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByLabelText('Fornecedor'), '  Gráfica Beta ');
    await user.type(within(dialog).getByLabelText('Número de Referência'), '   ');
    await user.click(create);

    await expectToast('Sucesso', 'Conta a pagar criada com sucesso!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A create names its own id, and that id is its Idempotency-Key (sentCreate checks it).
    expect(sentCreate(server, '/api/accounts-payable')).toEqual({
      id: expect.stringMatching(UUID),
      supplier_name: 'Gráfica Beta',
      description: 'Panfletos',
      amount: 1234.5,
      due_date: '2027-04-10',
      category: 'Marketing',
    });
    // Every finance query is asked again.
    await waitFor(() => expect(server.callsTo('GET', '/api/accounts-payable').length).toBeGreaterThan(listsBefore));
  }, 15_000);

  it('edits with the account in the form and sends the optional fields it keeps', async () => {
    server.on('PUT', `/api/accounts-payable/${energia.id}`, ({ body }) =>
      ok({ ...energia, ...(body as Record<string, unknown>) }),
    );
    const { user } = await openScreen();
    await user.click(rowAction('Editar'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Conta a Pagar' });
    expect((within(dialog).getByLabelText('Valor') as HTMLInputElement).value).toBe('350,00');
    expect((within(dialog).getByLabelText('Categoria') as HTMLSelectElement).value).toBe('Utilidades');
    const amount = within(dialog).getByLabelText('Valor');
    await user.clear(amount);
    await user.type(amount, '119,90');
    await user.selectOptions(within(dialog).getByLabelText('Forma de Pagamento'), 'Nenhuma');
    await user.clear(within(dialog).getByLabelText('Observações'));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    await expectToast('Sucesso', 'Conta a pagar atualizada com sucesso!');
    const [put] = server.callsTo('PUT', `/api/accounts-payable/${energia.id}`);
    expect(put!.body).toEqual({
      supplier_name: 'Energia SA',
      description: 'Conta de luz',
      amount: 119.9,
      due_date: '2027-03-05',
      category: 'Utilidades',
      reference_number: 'NF-77',
    });
    expectKey(put!);
  });

  it("shows the server's field errors and 'Erro ao atualizar conta a pagar: …'", async () => {
    server.on('PUT', `/api/accounts-payable/${energia.id}`, () => ({
      status: 400,
      body: {
        success: false,
        error: 'Dados inválidos: due_date: Data inválida (use AAAA-MM-DD)',
        code: 'VALIDATION',
        details: [{ path: 'due_date', message: 'Data inválida (use AAAA-MM-DD)' }],
      },
    }));
    const { user } = await openScreen();
    await user.click(rowAction('Editar'));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Conta a Pagar' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Data inválida (use AAAA-MM-DD)')).toBeTruthy();
    const toast = await screen.findByRole('alert');
    expect(text(toast)).toContain('Erro');
    expect(text(toast)).toContain('Erro ao atualizar conta a pagar: Dados inválidos');
  });

  it('pays today when no date is given (sent as the date: a payment queued offline keeps its day)', async () => {
    server.on('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`, () => ok({ ...energia, status: 'paid' }));
    const { user } = await openScreen();
    await user.click(rowAction('Marcar como Pago'));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como Pago' });
    expect(text(dialog)).toContain('Energia SA');
    expect(text(dialog)).toContain('Conta de luz');
    expect(text(dialog)).toContain('R$ 350,00');
    expect(text(dialog)).toContain('05/03/2027');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como Pago' }));
    await expectToast('Sucesso', 'Conta a pagar marcada como paga!');
    const [pay] = server.callsTo('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`);
    expect(pay!.body).toEqual({ payment_date: todayIso() });
    expectKey(pay!);
  });

  it('pays on the date given, never after today', async () => {
    server.on('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`, () => ok({ ...energia, status: 'paid' }));
    const { user } = await openScreen();
    await user.click(rowAction('Marcar como Pago'));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como Pago' });
    const date = within(dialog).getByLabelText('Data do Pagamento');

    // Typed as a person does: the digits only, the slashes come by themselves.
    await user.click(date);
    await user.keyboard(formatDate(addDays(todayIso(), 1)).replace(/\//g, ''));
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como Pago' }));
    expect(within(dialog).getByText(`Escolha uma data até ${formatDate(todayIso())}.`)).toBeTruthy();
    expect(server.callsTo('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`)).toHaveLength(0);

    const yesterday = addDays(todayIso(), -1);
    await user.click(date);
    await user.keyboard(formatDate(yesterday).replace(/\//g, ''));
    expect((date as HTMLInputElement).value).toBe(formatDate(yesterday));
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como Pago' }));
    await expectToast('Sucesso', 'Conta a pagar marcada como paga!');
    expect(server.callsTo('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`)[0]!.body).toEqual({
      payment_date: yesterday,
    });
  });

  it("says why a payment was refused (409): 'Erro ao marcar conta como paga: …'", async () => {
    server.on('POST', `/api/accounts-payable/${energia.id}/mark-as-paid`, () =>
      refusal(409, 'Esta conta já foi paga.'),
    );
    const { user } = await openScreen();
    await user.click(rowAction('Marcar como Pago'));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como Pago' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como Pago' }));
    await expectToast('Erro', 'Erro ao marcar conta como paga: Esta conta já foi paga.');
    expect(screen.getByRole('dialog', { name: 'Marcar como Pago' })).toBeTruthy();
  });

  it('cancels only after the prompt, and says so', async () => {
    server.on('POST', `/api/accounts-payable/${energia.id}/cancel`, () => ok({ ...energia, status: 'cancelled' }));
    const { user } = await openScreen();
    await user.click(rowAction('Cancelar'));
    let prompt = await screen.findByRole('alertdialog');
    expect(within(prompt).getByText('Tem certeza que deseja cancelar esta conta a pagar?')).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('POST', `/api/accounts-payable/${energia.id}/cancel`)).toHaveLength(0);

    await user.click(rowAction('Cancelar'));
    prompt = await screen.findByRole('alertdialog');
    await user.click(within(prompt).getByRole('button', { name: 'Cancelar Conta' }));
    await expectToast('Sucesso', 'Conta a pagar cancelada com sucesso!');
    const [cancel] = server.callsTo('POST', `/api/accounts-payable/${energia.id}/cancel`);
    expectKey(cancel!);
  });

  it("says why a cancel was refused (409): 'Erro ao cancelar conta a pagar: …'", async () => {
    server.on('POST', `/api/accounts-payable/${energia.id}/cancel`, () =>
      refusal(409, 'Uma conta paga não pode ser cancelada.'),
    );
    const { user } = await openScreen();
    await user.click(rowAction('Cancelar'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar Conta' }));
    await expectToast('Erro', 'Erro ao cancelar conta a pagar: Uma conta paga não pode ser cancelada.');
  });

  it('deletes after the prompt, and says why when refused', async () => {
    let answer: { status: number; body: unknown } = refusal(409, 'Uma conta paga não pode ser excluída.');
    server.on('DELETE', `/api/accounts-payable/${energia.id}`, () => answer);
    const { user } = await openScreen();
    await user.click(rowAction('Excluir'));
    let prompt = await screen.findByRole('alertdialog');
    expect(within(prompt).getByText('Tem certeza que deseja deletar esta conta a pagar?')).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Excluir' }));
    await expectToast('Erro', 'Erro ao deletar conta a pagar: Uma conta paga não pode ser excluída.');

    answer = { status: 200, body: { success: true, message: 'Conta excluída' } };
    await user.click(rowAction('Excluir'));
    prompt = await screen.findByRole('alertdialog');
    await user.click(within(prompt).getByRole('button', { name: 'Excluir' }));
    await expectToast('Sucesso', 'Conta a pagar deletada com sucesso!');
    const deletes = server.callsTo('DELETE', `/api/accounts-payable/${energia.id}`);
    expect(deletes).toHaveLength(2);
    deletes.forEach(expectKey);
    // A fresh key per action: the second try is a new request, not a replay.
    expect(deletes[0]!.headers['Idempotency-Key']).not.toBe(deletes[1]!.headers['Idempotency-Key']);
  });

  it("says why a create was refused: 'Erro ao criar conta a pagar: …'", async () => {
    server.on('POST', '/api/accounts-payable', () =>
      refusal(403, 'Você não tem permissão para esta ação.', 'FORBIDDEN'),
    );
    const { user } = await openScreen();
    await user.click(screen.getByRole('button', { name: /Nova Conta/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova Conta a Pagar' });
    await fillIn(user, dialog, {
      Fornecedor: 'X',
      Descrição: 'Y',
      Valor: '10',
      Vencimento: '10042027',
      Categoria: 'Impostos',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Criar Conta' }));
    await expectToast('Erro', 'Erro ao criar conta a pagar: Você não tem permissão para esta ação.');
    expect(screen.getByRole('dialog', { name: 'Nova Conta a Pagar' })).toBeTruthy();
  }, 15_000);
});
