// Configurações > Fiscal with a Responsável Técnico the server's operator set: the fields come
// filled with it and the form says where it comes from; the admin may keep it (saved as is)
// or change it (the store's own, and the line goes once the answer says so).
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast } from '../../test/screen-text';
import { TECH_FROM_OPERATOR } from './fiscal-emitter-form';

let server: FakeServer;
const OPERATOR = { cnpj: '11222333000181', contact: 'Suporte Balcão', email: 'nfce@balcao.dev', phone: '1140040000' };
const VIEW = {
  emitter: {
    cnpj: '11444777000161',
    legal_name: 'Loja de Teste Ltda',
    trade_name: null,
    ie: '123456789110',
    address: {
      street: 'Rua das Flores',
      number: '100',
      complement: null,
      district: 'Centro',
      city_code: '3550308',
      city_name: 'São Paulo',
      uf: 'SP',
      cep: '01001000',
      phone: null,
    },
  },
  crt: 1,
  environment: 'homologacao',
  tech_responsible: OPERATOR,
  tech_responsible_from_operator: true,
  csc_id: null,
  qr_version: null,
  emission_enabled: false,
  product_defaults: { cfop: '5102', csosn: '102', origin: 0 },
  csc_set: false,
  qr_version_in_use: 3,
  tills: [],
  certificate: null,
  emission_problems: ['Envie o certificado digital A1 da loja.'],
};
let view: Record<string, unknown>;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  view = structuredClone(VIEW);
  server.on('GET', '/api/fiscal/settings', () => ({ body: { success: true, data: view } }));
  server.on('GET', '/api/fiscal/ibpt', () => ({ body: { success: true, data: null } }));
  server.on('PUT', '/api/fiscal/settings', ({ body }) => {
    const { tech_responsible } = body as { tech_responsible: typeof OPERATOR };
    const own = JSON.stringify(tech_responsible) !== JSON.stringify(OPERATOR);
    view = { ...view, tech_responsible, tech_responsible_from_operator: !own };
    return { body: { success: true, data: view } };
  });
});

async function openForm() {
  const rendered = renderApp('/configuracoes');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Fiscal' }));
  const save = await screen.findByRole('button', { name: 'Salvar dados fiscais' });
  return { ...rendered, form: save.closest('form')! };
}

const value = (form: HTMLElement, label: string) => (within(form).getByLabelText(label) as HTMLInputElement).value;

describe("Configurações > Fiscal: the operator's Responsável Técnico", () => {
  it('comes filled in, says so, and a save keeps it as is', async () => {
    const { user, form } = await openForm();
    expect(within(form).getByText(TECH_FROM_OPERATOR)).toBeTruthy();
    expect(value(form, 'CNPJ do responsável técnico')).toBe('11.222.333/0001-81');
    expect(value(form, 'Contato do responsável técnico')).toBe('Suporte Balcão');
    expect(value(form, 'E-mail do responsável técnico')).toBe('nfce@balcao.dev');
    expect(value(form, 'Telefone do responsável técnico')).toBe('1140040000');
    await user.click(within(form).getByRole('button', { name: 'Salvar dados fiscais' }));
    await expectToast('Dados fiscais salvos', 'O emitente e as configurações da NFC-e foram salvos.');
    expect(server.callsTo('PUT', '/api/fiscal/settings')[0]!.body).toMatchObject({ tech_responsible: OPERATOR });
  });

  it("may be changed to the store's own; then the form no longer says it is the operator's", async () => {
    const { user, form } = await openForm();
    const contact = within(form).getByLabelText('Contato do responsável técnico');
    await user.clear(contact);
    await user.click(contact);
    await user.keyboard('Contador da Loja');
    await user.click(within(form).getByRole('button', { name: 'Salvar dados fiscais' }));
    await expectToast('Dados fiscais salvos', 'O emitente e as configurações da NFC-e foram salvos.');
    expect(server.callsTo('PUT', '/api/fiscal/settings')[0]!.body).toMatchObject({
      tech_responsible: { ...OPERATOR, contact: 'Contador da Loja' },
    });
    await waitFor(() => expect(screen.queryByText(TECH_FROM_OPERATOR)).toBeNull());
    expect(value(screen.getByRole('button', { name: 'Salvar dados fiscais' }).closest('form')!, 'Contato do responsável técnico')).toBe('Contador da Loja'); // prettier-ignore
  });
});
