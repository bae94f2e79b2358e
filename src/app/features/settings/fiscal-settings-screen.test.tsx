// Configurações > Fiscal with the API faked at fetch: emission off with what is missing
// said; the emitter form checked before it is sent and sent as the contract has it (the
// CSC only when typed, shown as 'definido' otherwise); the A1 upload (the file's bytes in
// base64 and its password) and the certificate shown after it; produção only after the
// confirmation; the series of each till, a refusal said as the server says it.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, fillIn, text } from '../../test/screen-text';

let server: FakeServer;
const TILL_A = '7b0c6f0e-1c1a-4d5e-9f00-0000000000a1';
const TILL_B = '7b0c6f0e-1c1a-4d5e-9f00-0000000000b2';

const INITIAL = {
  emitter: null,
  crt: 1,
  environment: 'homologacao',
  tech_responsible: null,
  csc_id: null,
  qr_version: null,
  emission_enabled: false,
  product_defaults: { cfop: '5102', csosn: '102', origin: 0 },
  csc_set: false,
  qr_version_in_use: null,
  tills: [
    { id: TILL_A, code: 'A', name: 'Caixa 1', nfce_series: 1 },
    { id: TILL_B, code: 'B', name: 'Caixa 2', nfce_series: null },
  ],
  certificate: null,
  emission_problems: ['Preencha os dados do emitente.', 'Envie o certificado digital A1 da loja.'],
};
const CERTIFICATE = {
  subject: 'C=BR, O=ICP-Brasil, CN=LOJA DE TESTE LTDA:11222333000181',
  cnpj: '11222333000181',
  serial: '1000',
  not_before: '2026-11-01T12:00:00.000Z',
  not_after: '2027-11-01T12:00:00.000Z',
  days_left: 337,
};

let view: Record<string, unknown>;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  view = structuredClone(INITIAL);
  server.on('GET', '/api/fiscal/settings', () => ({ body: { success: true, data: view } }));
  server.on('GET', '/api/fiscal/ibpt', () => ({ body: { success: true, data: null } }));
  server.on('PUT', '/api/fiscal/settings', ({ body }) => {
    const { csc, confirm_production: _c, till_series: _t, ...fields } = body as Record<string, unknown>;
    view = { ...view, ...fields, ...(csc ? { csc_set: true } : {}) };
    return { body: { success: true, data: view } };
  });
});

const certificateForm = () => screen.getByRole('button', { name: 'Enviar certificado' }).closest('form')!;

async function openFiscal() {
  const rendered = renderApp('/configuracoes');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Fiscal' }));
  await screen.findByRole('heading', { name: 'Emissão de NFC-e' });
  return rendered;
}

describe('Configurações > Fiscal', () => {
  it('says emission is off, what that means and what is missing; the switch waits for it', async () => {
    await openFiscal();
    expect(screen.getByText(/Desligada: o Balcão vende como hoje, sem NFC-e/)).toBeTruthy();
    const missing = screen.getByRole('note', { name: 'O que falta para emitir' });
    expect(text(missing)).toContain('Preencha os dados do emitente.');
    expect(text(missing)).toContain('Envie o certificado digital A1 da loja.');
    const box = screen.getByRole('checkbox', { name: 'Emitir NFC-e em cada venda' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.disabled).toBe(true);
    expect(screen.getByText('Nenhum certificado enviado.')).toBeTruthy();
  });

  it('checks the emitter before sending, then sends it as the contract has it; the CSC only when typed', async () => {
    const { user } = await openFiscal();
    const form = screen.getByRole('button', { name: 'Salvar dados fiscais' }).closest('form')!;
    await fillIn(user, form, { 'Razão social': 'Loja de Teste Ltda', 'CNPJ do emitente': '11.222.333/0001-80' });
    await user.click(within(form).getByRole('button', { name: 'Salvar dados fiscais' }));
    await screen.findAllByText('CNPJ do emitente inválido');
    expect(server.callsTo('PUT', '/api/fiscal/settings')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('CNPJ do emitente'));
    await fillIn(user, form, {
      'CNPJ do emitente': '11.222.333/0001-81',
      'Inscrição estadual': '123.456.789.110',
      Logradouro: 'Rua das Flores',
      Número: '100',
      Bairro: 'Centro',
      Município: 'São Paulo',
      'Código IBGE do município': '3550308',
      UF: 'SP',
      CEP: '01001-000',
      'Regime tributário (CRT)': '4 - Simples Nacional - MEI',
      'CNPJ do responsável técnico': '11444777000161',
      'Contato do responsável técnico': 'Equipe Balcão',
      'E-mail do responsável técnico': 'fiscal@balcao.dev',
      'Telefone do responsável técnico': '11999990000',
      'Identificador do CSC (idCSC)': '1',
      CSC: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
      'CSOSN padrão': '500 - ICMS cobrado anteriormente por ST ou antecipação',
    });
    await user.click(within(form).getByRole('button', { name: 'Salvar dados fiscais' }));
    await expectToast('Dados fiscais salvos', 'O emitente e as configurações da NFC-e foram salvos.');
    const [first] = server.callsTo('PUT', '/api/fiscal/settings');
    expect(first!.body).toEqual({
      emitter: {
        cnpj: '11222333000181',
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
      crt: 4,
      tech_responsible: {
        cnpj: '11444777000161',
        contact: 'Equipe Balcão',
        email: 'fiscal@balcao.dev',
        phone: '11999990000',
      },
      csc_id: '1',
      csc: 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO',
      qr_version: null,
      product_defaults: { cfop: '5102', csosn: '500', origin: 0 },
    });
    // The CSC is never shown back: 'definido', and a save without typing it keeps it.
    const csc = (await screen.findByLabelText('CSC')) as HTMLInputElement;
    await waitFor(() => expect(csc.placeholder).toBe('definido'));
    expect(csc.value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Salvar dados fiscais' }));
    await waitFor(() => expect(server.callsTo('PUT', '/api/fiscal/settings')).toHaveLength(2));
    expect(server.callsTo('PUT', '/api/fiscal/settings')[1]!.body).not.toHaveProperty('csc');
  });

  it('uploads the .pfx in base64 with its password, then shows the certificate', async () => {
    server.on('POST', '/api/fiscal/certificate', () => {
      view = { ...view, certificate: CERTIFICATE };
      return { body: { success: true, data: CERTIFICATE } };
    });
    const { user } = await openFiscal();
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    await expectToast('Erro ao enviar o certificado', 'Escolha o arquivo .pfx do certificado A1.');

    const bytes = new Uint8Array([0x30, 0x82, 0x01, 0xff, 0x00, 0x10]);
    const file = new File([bytes], 'loja.pfx', { type: 'application/x-pkcs12' });
    expect(within(certificateForm()).getByText('Nenhum arquivo escolhido')).toBeTruthy();
    await user.upload(screen.getByLabelText('Arquivo do certificado (.pfx)'), file);
    // The chosen file is named in the app's words, whatever the browser's language.
    expect(screen.getByText('loja.pfx')).toBeTruthy();
    await user.type(screen.getByLabelText('Senha do certificado'), 'senha-do-a1');
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));
    await expectToast('Certificado salvo', 'Certificado de 11.222.333/0001-81 guardado.');
    expect(server.callsTo('POST', '/api/fiscal/certificate').map((c) => c.body)).toEqual([
      { pfx_base64: 'MIIB/wAQ', password: 'senha-do-a1' },
    ]);
    const summary = await screen.findByLabelText('Certificado da loja');
    expect(text(summary)).toContain('LOJA DE TESTE LTDA:11222333000181');
    expect(text(summary)).toContain('11.222.333/0001-81');
    expect(text(summary)).toContain('de 01/11/2026 a 01/11/2027');
    expect(text(summary)).toContain('Válido');
    expect((screen.getByLabelText('Senha do certificado') as HTMLInputElement).value).toBe('');
    expect(within(certificateForm()).getByText('Nenhum arquivo escolhido')).toBeTruthy();
  });

  it('goes to produção only after the admin confirms what it means', async () => {
    const { user } = await openFiscal();
    await user.selectOptions(screen.getByLabelText('Ambiente'), 'Produção (com valor fiscal)');
    const dialog = await screen.findByRole('alertdialog', { name: 'Emitir em produção?' });
    expect(text(dialog)).toContain('as notas têm valor fiscal');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(server.callsTo('PUT', '/api/fiscal/settings')).toHaveLength(0);
    expect((screen.getByLabelText('Ambiente') as HTMLSelectElement).value).toBe('homologacao');

    await user.selectOptions(screen.getByLabelText('Ambiente'), 'Produção (com valor fiscal)');
    const again = await screen.findByRole('alertdialog', { name: 'Emitir em produção?' });
    await user.click(within(again).getByRole('button', { name: 'Passar para produção' }));
    await expectToast('Configuração fiscal salva', 'Ambiente: produção (notas com valor fiscal).');
    expect(server.callsTo('PUT', '/api/fiscal/settings').map((c) => c.body)).toEqual([
      { environment: 'producao', confirm_production: true },
    ]);
  });

  it("sets each till's series; a series another till has is refused as the server says", async () => {
    let refuse = true;
    server.on('PUT', '/api/fiscal/settings', ({ body }) => {
      if (refuse)
        return {
          status: 409,
          body: {
            success: false,
            code: 'CONFLICT',
            error: "A série 1 já é do caixa 'Caixa 1'. Cada caixa tem a sua série: escolha outra.",
          },
        };
      const wanted = (body as { till_series: { device_id: string; series: number | null }[] }).till_series;
      const tills = (view.tills as { id: string; nfce_series: number | null }[]).map((t) => ({
        ...t,
        nfce_series: wanted.find((w) => w.device_id === t.id)?.series ?? t.nfce_series,
      }));
      view = { ...view, tills };
      return { body: { success: true, data: view } };
    });
    const { user } = await openFiscal();
    const series = screen.getByLabelText('Série de Caixa 2');
    await user.type(series, '1');
    await user.click(screen.getByRole('button', { name: 'Salvar séries' }));
    await expectToast(
      'Erro ao salvar as séries',
      "A série 1 já é do caixa 'Caixa 1'. Cada caixa tem a sua série: escolha outra.",
    );
    refuse = false;
    await user.clear(series);
    await user.type(series, '2');
    await user.click(screen.getByRole('button', { name: 'Salvar séries' }));
    await expectToast('Séries salvas', 'Cada caixa emite na sua série.');
    expect(server.callsTo('PUT', '/api/fiscal/settings').map((c) => c.body)).toEqual([
      { till_series: [{ device_id: TILL_B, series: 1 }] },
      { till_series: [{ device_id: TILL_B, series: 2 }] },
    ]);
    expect((screen.getByLabelText('Série de Caixa 2') as HTMLInputElement).value).toBe('2');
  });

  it('sets the total from which the CPF/CNPJ is required (R$ 10.000,00 to start), sent in centavos', async () => {
    const { user } = await openFiscal();
    const field = screen.getByLabelText('CPF/CNPJ obrigatório a partir de') as HTMLInputElement;
    expect(field.value).toBe('10.000,00');
    const save = screen.getByRole('button', { name: 'Salvar valor' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(field);
    await user.type(field, '5.000,50');
    await user.click(save);
    await expectToast('CPF na nota', 'CPF/CNPJ obrigatório a partir de: R$ 5.000,50.');
    expect(server.callsTo('PUT', '/api/fiscal/settings').map((c) => c.body)).toEqual([
      { consumer_document_threshold: 500_050 },
    ]);
  });
});
