// 'CPF na nota?' at Nova Venda over the real app (network faked at fetch): shown only while
// the store emits NFC-e (GET /api/fiscal/till/{device}); a valid CPF or CNPJ typed as a
// person types goes with the sale as fiscal_document (bare); a wrong one is said in pt-BR
// and holds the sale; from the store's threshold it is required; the chosen customer's own
// CPF/CNPJ fills it and the cashier may clear it. Admins see the products without NCM.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deviceIdentity } from '../../offline/device-identity';
import { getDb } from '../../offline/db';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { addProduct, chooseCustomer, openTill, type TillUser } from '../../test/till';
import { fakeNetwork } from './sales-screen-fixtures';

const fake = fakeNetwork();

async function serveFiscal(extra: Record<string, unknown> = {}) {
  const device = await deviceIdentity(getDb());
  fake.server.on('GET', `/api/fiscal/till/${device.id}`, () => ({
    body: {
      success: true,
      data: {
        emission_enabled: true,
        environment: 'homologacao',
        series: 1,
        consumer_document_threshold: 1_000_000,
        emitter: null,
        products_without_ncm: { count: 0, ids: [] },
        signing_key: null,
        ...extra,
      },
    },
  }));
}

const field = () => screen.getByLabelText('CPF na nota?') as HTMLInputElement;
const finishButton = () => screen.getByRole('button', { name: 'Finalizar Venda' }) as HTMLButtonElement;
const sentBody = () => fake.sync.salesRequests[0]!.body as Record<string, unknown>;

async function finish(user: TillUser) {
  await user.click(finishButton());
  await waitFor(() => expect(fake.sync.salesRequests).toHaveLength(1));
}

describe("'CPF na nota?'", () => {
  it('is not asked while the store does not emit', async () => {
    await serveFiscal({ emission_enabled: false });
    const { user } = await openTill();
    await chooseCustomer(user, 'joão', 'João Souza');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    expect(screen.queryByLabelText('CPF na nota?')).toBeNull();
    await finish(user);
    expect(sentBody().fiscal_document).toBeUndefined();
  }, 20_000);

  it('a valid CPF typed key by key is masked, and goes with the sale bare', async () => {
    await serveFiscal();
    const { user } = await openTill();
    await chooseCustomer(user, 'joão', 'João Souza');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    expect(await screen.findByText('Opcional. Obrigatório a partir de R$ 10.000,00.')).toBeTruthy();
    await user.click(field());
    await user.keyboard('5299822');
    expect(field().value).toBe('529.982.2');
    // A mistake erased with Backspace, past a separator the mask put there.
    await user.keyboard('{Backspace}{Backspace}');
    expect(field().value).toBe('529.98');
    await user.keyboard('224725');
    expect(field().value).toBe('529.982.247-25');
    await finish(user);
    expect(sentBody().fiscal_document).toBe('52998224725');
    // The next sale starts with the field empty.
    expect(await screen.findByText(/Venda finalizada! Cliente: João Souza/)).toBeTruthy();
    expect(field().value).toBe('');
  }, 20_000);

  it('a wrong one is said in pt-BR once the field is left and holds the sale until cleared', async () => {
    await serveFiscal();
    const { user } = await openTill();
    await chooseCustomer(user, 'joão', 'João Souza');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    await user.type(field(), '12345678900');
    expect(field().value).toBe('123.456.789-00');
    await user.tab();
    expect(screen.getAllByText('CPF ou CNPJ inválido').length).toBeGreaterThan(0);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(finishButton().disabled).toBe(true);
    await user.clear(field());
    await waitFor(() => expect(finishButton().disabled).toBe(false));
    await finish(user);
    expect(sentBody().fiscal_document).toBeUndefined();
  }, 20_000);

  it('from the threshold it is required with the reason; a CNPJ then lets the sale go', async () => {
    await serveFiscal({ consumer_document_threshold: 10_000 });
    const { user } = await openTill();
    await chooseCustomer(user, 'joão', 'João Souza');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    // R$ 49,90: below R$ 100,00, optional.
    expect(finishButton().disabled).toBe(false);
    await addProduct(user, 'calça', 'Calça Jeans');
    const required = 'Informe o CPF ou o CNPJ do consumidor: obrigatório na NFC-e em vendas a partir de R$ 100,00.';
    expect((await screen.findAllByText(required)).length).toBeGreaterThan(0);
    expect(finishButton().disabled).toBe(true);
    await user.type(field(), '11.222.333/0001-81');
    expect(field().value).toBe('11.222.333/0001-81');
    await waitFor(() => expect(finishButton().disabled).toBe(false));
    await finish(user);
    expect(sentBody().fiscal_document).toBe('11222333000181');
  }, 20_000);

  it("is filled with the chosen customer's CPF, which the cashier may clear", async () => {
    await serveFiscal();
    const { user } = await openTill();
    await chooseCustomer(user, 'maria', 'Maria Silva');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    expect(field().value).toBe('529.982.247-25');
    await user.clear(field());
    expect(field().value).toBe('');
    await finish(user);
    expect(sentBody().fiscal_document).toBeUndefined();
  }, 20_000);

  it("keeps the customer's CPF when left as filled", async () => {
    await serveFiscal();
    const { user } = await openTill();
    await chooseCustomer(user, 'maria', 'Maria Silva');
    await addProduct(user, 'CAM-001', 'Camisa Polo');
    await finish(user);
    expect(sentBody().fiscal_document).toBe('52998224725');
  }, 20_000);
});

describe('the NFC-e notice at Nova Venda', () => {
  it('tells an admin how many products have no NCM, with the link to them; a cashier sees nothing', async () => {
    await serveFiscal({ emission_enabled: false, products_without_ncm: { count: 3, ids: [] } });
    signedInAs(fake.server, ADMIN);
    await openTill();
    const link = await screen.findByRole('link', { name: 'Completar em Produtos' });
    expect(link.getAttribute('href')).toBe('/produtos?fiscal=sem-ncm');
    expect(screen.getByText(/3 produtos sem NCM não saem na NFC-e/)).toBeTruthy();
  }, 20_000);

  it('is not shown to a cashier', async () => {
    await serveFiscal({ emission_enabled: false, products_without_ncm: { count: 3, ids: [] } });
    await openTill();
    await waitFor(() => expect(fake.server.calls.some((c) => c.path.startsWith('/api/fiscal/till/'))).toBe(true));
    expect(screen.queryByText(/sem NCM/)).toBeNull();
  }, 20_000);
});
