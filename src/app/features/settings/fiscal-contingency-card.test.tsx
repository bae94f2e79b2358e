// Configurações > Fiscal > 'Contingência off-line' with the API faked at fetch: the store's copy of a
// contingency DANFE printed to start (no electronic custody) and 24 hours to transmit; the
// custody switched on and saved alone; the hours typed as a person does, refused out of 1 to
// 168 before anything is sent, then sent as a whole number; the server's refusal said.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../test/fake-server';
import { ADMIN, signedInAs } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { expectToast, text } from '../../test/screen-text';
import { CUSTODY_LABEL, DEADLINE_HINT, DEADLINE_INVALID, DEADLINE_LABEL } from './fiscal-contingency-card';

let server: FakeServer;
let view: Record<string, unknown>;
let refusal: string | null;

beforeEach(() => {
  server = createFakeServer();
  signedInAs(server, ADMIN);
  refusal = null;
  // A setup as an older server answers it, without the contingency settings: the defaults show.
  view = {
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
    tills: [],
    certificate: null,
    emission_problems: ['Preencha os dados do emitente.'],
  };
  server.on('GET', '/api/fiscal/settings', () => ({ body: { success: true, data: view } }));
  server.on('GET', '/api/fiscal/ibpt', () => ({ body: { success: true, data: null } }));
  server.on('PUT', '/api/fiscal/settings', ({ body }) => {
    if (refusal) return { status: 400, body: { success: false, code: 'VALIDATION_ERROR', error: refusal } };
    view = { ...view, ...(body as Record<string, unknown>) };
    return { body: { success: true, data: view } };
  });
});

async function openFiscal() {
  const rendered = renderApp('/configuracoes');
  await rendered.user.click(await screen.findByRole('tab', { name: 'Fiscal' }));
  await screen.findByRole('heading', { name: 'Contingência off-line' });
  return rendered;
}

const puts = () => server.callsTo('PUT', '/api/fiscal/settings').map((c) => c.body);
const hoursField = () => screen.getByLabelText(DEADLINE_LABEL) as HTMLInputElement;
const saveHours = () => screen.getByRole('button', { name: 'Salvar prazo' }) as HTMLButtonElement;

describe('Configurações > Fiscal > Contingência', () => {
  it("starts with the store's copy printed and 24 hours, the state's rule said", async () => {
    await openFiscal();
    const custody = screen.getByRole('checkbox', { name: CUSTODY_LABEL }) as HTMLInputElement;
    expect(custody.checked).toBe(false);
    expect(text(custody.closest('div')!.parentElement)).toContain('a do consumidor e a do estabelecimento');
    expect(hoursField().value).toBe('24');
    expect(screen.getByText(DEADLINE_HINT)).toBeTruthy();
    expect(DEADLINE_HINT).toContain('até o fim do primeiro dia útil depois da emissão');
    expect(saveHours().disabled).toBe(true);
  });

  it('turns electronic custody on, saved alone', async () => {
    const { user } = await openFiscal();
    await user.click(screen.getByRole('checkbox', { name: CUSTODY_LABEL }));
    await expectToast('Contingência', 'Guarda eletrônica: o DANFE em contingência sai só com a via do consumidor.');
    expect(puts()).toEqual([{ contingency_electronic_custody: true }]);
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: CUSTODY_LABEL }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('refuses hours out of 1 to 168 before sending; sends a whole number of hours', async () => {
    const { user } = await openFiscal();
    for (const typed of ['0', '169', '24,5', 'dois']) {
      await user.click(hoursField());
      await user.keyboard('{Control>}a{/Control}{Backspace}');
      await user.keyboard(typed);
      expect(await screen.findByText(DEADLINE_INVALID)).toBeTruthy();
      expect(saveHours().disabled, typed).toBe(true);
    }
    await user.click(hoursField());
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard('48');
    expect(screen.queryByText(DEADLINE_INVALID)).toBeNull();
    await user.click(saveHours());
    await expectToast('Contingência', 'Prazo das notas em contingência: 48 horas.');
    expect(puts()).toEqual([{ contingency_deadline_hours: 48 }]);
    await waitFor(() => expect(hoursField().value).toBe('48'));
    expect(saveHours().disabled).toBe(true);
  });

  it("says the server's refusal as it comes", async () => {
    const { user } = await openFiscal();
    refusal = 'Prazo para transmitir as notas em contingência: um número inteiro de 1 a 168 horas';
    await user.click(hoursField());
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.keyboard('72');
    await user.click(saveHours());
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(puts()).toEqual([{ contingency_deadline_hours: 72 }]);
    expect(hoursField().value).toBe('72');
  });
});
