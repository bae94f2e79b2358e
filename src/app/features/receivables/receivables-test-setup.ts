// The world of the Contas a Receber screen tests: the store's accounts (Maria's overdue
// instalment, a service with no customer, a paid and a cancelled one), two customers on
// the device, the store's late charges, and the screen opened on its list or on 'Nova Conta'.
import { screen, within } from '@testing-library/react';
import { createFakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson } from '../../test/fake-sync';
import {
  RECEIVABLE_STATS,
  ok,
  receivableJson,
  serveReceivables,
  type ReceivablesApi,
} from '../../test/finance-fixtures';
import { signedInAs, type ADMIN, type CASHIER } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

export const parcela = receivableJson({
  description: 'Parcela 1/3',
  customer: { name: 'Maria Silva', document: '52998224725' },
  amount: 1500.5,
  due_date: '2027-03-05',
  status: 'overdue',
  payment_method: 'crediario',
});
export const avulsa = receivableJson({
  description: 'Serviço de ajuste',
  customer: null,
  amount: 40,
  due_date: '2027-04-01',
  status: 'pending',
  payment_method: null,
});
export const quitada = receivableJson({ description: 'Quitada', status: 'paid', payment_method: 'pix' });
export const cancelada = receivableJson({ description: 'Desistência', status: 'cancelled' });
export const maria = customerJson(1, { name: 'Maria Silva', document: '52998224725' });
/** The store's late charges: multa 2%, juros 1% a month. */
export const storeSettings = {
  late_fee_percent: 2,
  late_interest_monthly_percent: 1,
  cashiers_receive_installments: false,
};

/** The fake server answering as the store does, with `user` signed in. */
export function startReceivables(user: typeof ADMIN | typeof CASHIER) {
  const server = createFakeServer();
  const sync = createFakeSync(server);
  sync.putCustomer(maria);
  sync.putCustomer(customerJson(2, { name: 'João Souza' }));
  signedInAs(server, user);
  const api: ReceivablesApi = { accounts: [parcela, avulsa, quitada, cancelada], stats: RECEIVABLE_STATS };
  serveReceivables(server, api);
  server.on('GET', '/api/settings', () => ok(storeSettings));
  return { server, api };
}

/** The screen with its list shown. */
export async function showList() {
  const shown = renderApp('/receber');
  await screen.findByText('Parcela 1/3');
  return shown;
}

/** The 'Nova Conta' dialog, with its description and amount typed. */
export async function newAccount(description: string, amount: string) {
  const { user } = await showList();
  await user.click(screen.getByRole('button', { name: /Nova Conta/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Nova Conta' });
  await user.type(within(dialog).getByLabelText('Descrição'), description);
  await user.type(within(dialog).getByLabelText('Valor'), amount);
  return { user, dialog };
}
