// Nova Venda and the customer's crediário: the open instalments, amount, overdue and limit
// under the chosen customer; a crediário sale over the limit stops with the figures; a
// cashier goes on only with an admin's e-mail and password (the approval goes with the
// sale), an admin signed in confirms.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAccountChange } from '../../counter/account-changes';
import { getDb } from '../../offline/db';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { createFakeSync, customerJson, type FakeSync } from '../../test/fake-sync';
import { ADMIN, CASHIER, productJson, signedInAs } from '../../test/fixtures';
import { addProduct, chooseCustomer, openTill, type TillUser } from '../../test/till';
import { CREDIT_OFFLINE_TEXT } from './credit-limit-dialog';

let server: FakeServer;
let sync: FakeSync;

const calca = productJson({ name: 'Calça Jeans', sku: 'CAL-002', current_stock: 10, sale_price: 100 });
const maria = customerJson(1, { name: 'Maria Silva', document: '52998224725' });
const FIGURES = 'Limite de crédito: R$ 1.000,00; em aberto: R$ 850,00; esta venda: R$ 300,00';
const spaced = (text: string | null | undefined) => text?.replace(/\s+/g, ' ').trim();

beforeEach(() => {
  server = createFakeServer();
  sync = createFakeSync(server);
  sync.putProduct(calca);
  sync.putCustomer(maria);
  server.on('GET', `/api/customers/${maria.id}/crediario`, () => ({
    body: { success: true, data: { open_count: 2, open_amount: 850, overdue_amount: 100, credit_limit: 1000 } },
  }));
});

/** The browser says the network is gone (or back). */
function browserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => browserOnline(true));

/** Maria chosen, three calças (R$ 300,00) on crediário, 'Finalizar Venda' pressed. */
async function overTheLimit(till?: TillUser): Promise<TillUser> {
  const user = till ?? (await openTill()).user;
  await chooseCustomer(user, 'Maria', 'Maria Silva');
  await addProduct(user, 'calça', 'Calça Jeans', '3');
  await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
  await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
  return user;
}

/** A cashier's till with Maria chosen, and her crediário panel. */
async function cashierWithMaria() {
  signedInAs(server, CASHIER);
  const { user } = await openTill();
  await chooseCustomer(user, 'Maria', 'Maria Silva');
  return { user, panel: await screen.findByTestId('customer-credit') };
}

describe('Nova Venda: crediário and the credit limit', () => {
  it("shows the chosen customer's open crediário and limit", async () => {
    const { panel } = await cashierWithMaria();
    await waitFor(() => expect(spaced(panel.textContent)).toContain('Crediário em aberto: R$ 850,00 (2 parcelas)'));
    expect(spaced(panel.textContent)).toContain('Vencido: R$ 100,00');
    expect(spaced(panel.textContent)).toContain('Limite de crédito: R$ 1.000,00 · disponível: R$ 150,00');
    expect(panel.textContent).not.toContain('sincronismo');
  });

  it('a cashier is stopped with the figures and goes on with an admin’s password', async () => {
    signedInAs(server, CASHIER);
    const approvals: unknown[] = [];
    server.on('POST', '/api/auth/credit-approval', (request) => {
      approvals.push(request.body);
      const { password } = request.body as { password: string };
      return password === 'admin123'
        ? { body: { success: true, data: { approval: 'admin-id.selo', admin_name: 'Ana Admin' } } }
        : {
            status: 400,
            body: { success: false, code: 'VALIDATION', error: 'E-mail ou senha do administrador incorretos.' },
          };
    });
    const user = await overTheLimit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    expect(spaced(within(dialog).getByTestId('credit-figures').textContent)).toBe(FIGURES);
    expect(sync.salesRequests).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('E-mail do administrador'));
    await user.keyboard('admin@demo.com');
    await user.click(within(dialog).getByLabelText('Senha do administrador'));
    await user.keyboard('errada');
    await user.click(within(dialog).getByRole('button', { name: 'Autorizar e finalizar' }));
    expect(await within(dialog).findByText('E-mail ou senha do administrador incorretos.')).toBeTruthy();
    expect(sync.salesRequests).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Senha do administrador'));
    await user.keyboard('admin123');
    await user.click(within(dialog).getByRole('button', { name: 'Autorizar e finalizar' }));
    await waitFor(() => expect(sync.salesRequests).toHaveLength(1));
    const body = sync.salesRequests[0]!.body as { id: string; credit_approval?: string };
    expect(body.credit_approval).toBe('admin-id.selo');
    expect(approvals[1]).toEqual({ email: 'admin@demo.com', password: 'admin123', sale_id: body.id, amount: 300 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('an admin signed in confirms and sells over the limit', async () => {
    signedInAs(server, ADMIN);
    const user = await overTheLimit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    expect(spaced(within(dialog).getByTestId('credit-figures').textContent)).toBe(FIGURES);
    expect(within(dialog).queryByLabelText('Senha do administrador')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Vender acima do limite' }));
    await waitFor(() => expect(sync.salesRequests).toHaveLength(1));
    expect((sync.salesRequests[0]!.body as { credit_approval?: string }).credit_approval).toBeUndefined();
  });

  it("the server's 409 over the limit stops the sale with its figures", async () => {
    signedInAs(server, CASHIER);
    // The device thought there was room: the server knew of more open crediário.
    server.on('GET', `/api/customers/${maria.id}/crediario`, () => ({
      body: { success: true, data: { open_count: 0, open_amount: 0, overdue_amount: 0, credit_limit: 1000 } },
    }));
    sync.onSale = () => ({
      status: 409,
      body: {
        success: false,
        code: 'CONFLICT',
        error: `${FIGURES}. Só um administrador pode vender acima do limite.`,
        details: { limit_centavos: 100_000, open_centavos: 85_000, sale_centavos: 30_000 },
      },
    });
    await overTheLimit();
    const dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    expect(spaced(within(dialog).getByTestId('credit-figures').textContent)).toBe(FIGURES);
  });

  it('offline: the last figures kept, said so; with an admin present the sale is queued for the server to record its conflict', async () => {
    const { user, panel } = await cashierWithMaria();
    await waitFor(() => expect(spaced(panel.textContent)).toContain('R$ 850,00'));
    await user.click(screen.getByRole('button', { name: 'Remover cliente' }));

    sync.network = 'offline';
    browserOnline(false);
    await overTheLimit(user);
    expect(spaced(screen.getByTestId('customer-credit').textContent)).toMatch(
      /Conforme último sincronismo \(dados de \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\)/,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    expect(spaced(within(dialog).getByTestId('credit-figures').textContent)).toBe(FIGURES);
    expect(within(dialog).getByText(CREDIT_OFFLINE_TEXT)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar com conflito' }));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(1));
    const [entry] = await getDb().outbox.toArray();
    expect(entry!.body).toMatchObject({ payment_method: 'crediario', customer_id: maria.id, offline: true });
    expect((entry!.body as { credit_approval?: string }).credit_approval).toBeUndefined();

    // The sale queued here counts in Maria's open crediário on this device.
    await chooseCustomer(user, 'Maria', 'Maria Silva');
    await waitFor(() =>
      expect(spaced(screen.getByTestId('customer-credit').textContent)).toContain(
        'Crediário em aberto: R$ 1.150,00 (2 parcelas e vendas deste aparelho)',
      ),
    );
  });

  /** Maria's figures as the server tells them: 850 in two parcelas, or more once `sold` arrived. */
  function mariaFigures(figures: () => { open_count: number; open_amount: number }) {
    server.on('GET', `/api/customers/${maria.id}/crediario`, () => ({
      body: { success: true, data: { ...figures(), overdue_amount: 100, credit_limit: 1000 } },
    }));
  }

  /** Maria chosen online (her figures kept on the device), then the network gone. */
  async function mariaKeptThenOffline(): Promise<TillUser> {
    const { user } = await openTill();
    await chooseCustomer(user, 'Maria', 'Maria Silva');
    await waitFor(() => expect(spaced(screen.getByTestId('customer-credit').textContent)).toContain('R$ 850,00'));
    sync.network = 'offline';
    browserOnline(false);
    return user;
  }

  it("follows the server's figures once the outbox delivers a crediário sale, while the customer stays chosen", async () => {
    signedInAs(server, CASHIER);
    mariaFigures(() =>
      sync.sales.size > 0 ? { open_count: 3, open_amount: 950 } : { open_count: 2, open_amount: 850 },
    );
    const user = await mariaKeptThenOffline();
    await addProduct(user, 'calça', 'Calça Jeans', '1');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'crediario');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(1));

    await chooseCustomer(user, 'Maria', 'Maria Silva');
    const panel = () => spaced(screen.getByTestId('customer-credit').textContent);
    await waitFor(() =>
      expect(panel()).toContain('Crediário em aberto: R$ 950,00 (2 parcelas e vendas deste aparelho)'),
    );

    // Back online with Maria still chosen: the sale is delivered, and the panel shows what
    // the server counts now (not the figures from before the sale without it).
    sync.network = 'online';
    browserOnline(true);
    await waitFor(async () => expect(await getDb().outbox.count()).toBe(0));
    await waitFor(() => expect(panel()).toContain('Crediário em aberto: R$ 950,00 (3 parcelas)'));
    expect(panel()).not.toContain('vendas deste aparelho');
    expect(panel()).toContain('disponível: R$ 50,00');
  });

  it('an instalment received on this device takes it off the open crediário shown, before and after delivery', async () => {
    signedInAs(server, CASHIER);
    let received = false;
    mariaFigures(() => (received ? { open_count: 1, open_amount: 650 } : { open_count: 2, open_amount: 850 }));
    const receivableId = '30000000-0000-4000-8000-000000000001';
    server.on('POST', `/api/accounts-receivable/${receivableId}/receive`, () => {
      if (sync.network === 'offline') throw new TypeError('Failed to fetch');
      received = true;
      return { body: { success: true, data: {} } };
    });
    await mariaKeptThenOffline();
    const panel = () => spaced(screen.getByTestId('customer-credit').textContent);

    // Received at Contas a Receber in another tab of this device, without a connection.
    const instalment = { id: receivableId, customer_id: maria.id, amount: 20_000, status: 'overdue' };
    await recordAccountChange(getDb(), {
      id: crypto.randomUUID(),
      resource: `receivable:${receivableId}`,
      method: 'POST',
      path: `/api/accounts-receivable/${receivableId}/receive`,
      body: { payment_date: '2026-11-26', payment_method: 'dinheiro', amount: 200 },
      summary: 'Recebimento de parcela',
      overlay: [{ kind: 'receivable', id: receivableId, before: instalment, after: { ...instalment, status: 'paid' } }],
    });
    await waitFor(() => expect(panel()).toContain('Crediário em aberto: R$ 650,00'));
    expect(panel()).toContain('disponível: R$ 350,00');

    sync.network = 'online';
    browserOnline(true);
    await waitFor(() => expect(received).toBe(true));
    await waitFor(() => expect(panel()).toContain('Crediário em aberto: R$ 650,00 (1 parcela)'));
    expect(panel()).not.toContain('sincronismo');
  });
});
