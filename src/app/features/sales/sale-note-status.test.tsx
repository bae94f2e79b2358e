// After 'Finalizar Venda' with emission on, the 'Venda finalizada' bar says what became of
// the sale's NFC-e, from the server's answer: authorized with its number and series,
// pending (sent later, the DANFE says so), not authorized (the admin was told; no code for
// the cashier), or no note with the server's reason. A sale kept in the outbox says nothing
// until its answer arrives, and then says it. Network faked at fetch.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FiscalNoteStatus } from '../../../shared/contract/fiscal-notes';
import { saleAckOf } from '../../counter/sale-answer';
import { deviceIdentity } from '../../offline/device-identity';
import { getDb } from '../../offline/db';
import { deferred } from '../../test/fake-server';
import { addProduct, chooseCustomer, openTill } from '../../test/till';
import { PENDING_TEXT, REJECTED_TEXT, saleNoteStatus } from './sale-note-status';
import { fakeNetwork } from './sales-screen-fixtures';
import { QUEUED_SALE_NOTE } from './use-finish-sale';

const fake = fakeNetwork();
const KEY = '35261111222333000181650070000000421234567890';
const NO_NCM = 'Produto sem NCM: Camisa Polo. Preencha o NCM em Produtos para emitir as próximas notas.';

const note = (status: FiscalNoteStatus) => ({
  id: crypto.randomUUID(),
  status,
  environment: 'homologacao',
  series: 7,
  number: 42,
  key: KEY,
  issued_at_local: '2026-11-29T10:05:07-03:00',
  protocol: status === 'autorizada' ? '135260000012345' : null,
  authorized_at: status === 'autorizada' ? '2026-11-29T10:05:09-03:00' : null,
  qr_code: `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${KEY}|3|2`,
  url_chave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
  customer_document: null,
  approximate_taxes: null,
  total: 49.9,
  change: 0,
  cstat: status === 'rejeitada' ? 778 : null,
  reason: status === 'rejeitada' ? 'Rejeição: Informado NCM inexistente' : null,
});

async function emitting() {
  const device = await deviceIdentity(getDb());
  fake.server.on('GET', `/api/fiscal/till/${device.id}`, () => ({
    body: {
      success: true,
      data: {
        emission_enabled: true,
        environment: 'homologacao',
        series: 7,
        consumer_document_threshold: 1_000_000,
        emitter: { legal_name: 'Loja de Teste Ltda', trade_name: null, cnpj: '11222333000181', ie: '123456789110', address: 'Rua das Flores, 100' }, // prettier-ignore
        products_without_ncm: { count: 0, ids: [] },
      },
    },
  }));
}

async function sellCamisa() {
  const { user } = await openTill();
  await chooseCustomer(user, 'maria', 'Maria Silva');
  await addProduct(user, 'CAM-001', 'Camisa Polo');
  await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
  return screen.findByRole('region', { name: 'Venda finalizada' });
}

const answer = (id: string, fiscal: Record<string, unknown>) => ({
  status: 201,
  body: { success: true, data: { id, stock_conflicts: [], ...fiscal } },
});

describe("the NFC-e in the 'Venda finalizada' bar", () => {
  it.each([
    ['autorizada', 'NFC-e nº 42 série 7 autorizada.'],
    ['pendente', PENDING_TEXT],
    ['rejeitada', REJECTED_TEXT],
  ] as const)(
    'a note %s: the bar says so in plain words',
    async (status, text) => {
      await emitting();
      fake.sync.onSale = (request) => answer(request.headers['Idempotency-Key']!, { fiscal_note: note(status) });
      const bar = await sellCamisa();
      const line = await within(bar).findByTestId('sale-note-status');
      expect(line.textContent).toBe(text);
      // The code and the fix are the admin's.
      expect(bar.textContent).not.toContain('778');
    },
    20_000,
  );

  it("no note: 'Venda sem NFC-e' with the server's reason", async () => {
    await emitting();
    fake.sync.onSale = (request) =>
      answer(request.headers['Idempotency-Key']!, { fiscal_note: null, fiscal_unissued_reason: NO_NCM });
    const bar = await sellCamisa();
    expect((await within(bar).findByTestId('sale-note-status')).textContent).toBe(`Venda sem NFC-e. ${NO_NCM}`);
    expect((await getDb().sales.toArray())[0]!.receipt?.fiscalUnissuedReason).toBe(NO_NCM);
  }, 20_000);

  it('emission off, or an answer stored before the reason existed: nothing is said', async () => {
    fake.sync.onSale = (request) => answer(request.headers['Idempotency-Key']!, { fiscal_note: null });
    const bar = await sellCamisa();
    expect(within(bar).getByText(/finalizada/)).toBeTruthy();
    expect(within(bar).queryByTestId('sale-note-status')).toBeNull();
  }, 20_000);

  it('a sale kept in the outbox says nothing of the note until its answer arrives, then says it', async () => {
    await emitting();
    const held = deferred<void>();
    let calls = 0;
    fake.sync.onSale = async (request) => {
      calls++;
      if (calls === 1) return { status: 503, body: { success: false, error: 'Indisponível', code: 'INTERNAL' } };
      await held.promise;
      return answer(request.headers['Idempotency-Key']!, { fiscal_note: null, fiscal_unissued_reason: NO_NCM });
    };
    const bar = await sellCamisa();
    expect(screen.getByText(QUEUED_SALE_NOTE)).toBeTruthy();
    expect(within(bar).queryByTestId('sale-note-status')).toBeNull();
    held.resolve();
    await waitFor(() => expect(within(bar).getByTestId('sale-note-status').textContent).toBe(`Venda sem NFC-e. ${NO_NCM}`), { timeout: 10_000 }); // prettier-ignore
  }, 30_000);
});

describe('the answer as the device reads it', () => {
  it('keeps the reason; an answer without it (stored before) reads as before', () => {
    const base = { success: true, data: { id: crypto.randomUUID(), stock_conflicts: [] } };
    expect(saleAckOf({ ...base, data: { ...base.data, fiscal_note: null, fiscal_unissued_reason: NO_NCM } })).toEqual({
      conflicts: 0,
      stockAfter: [],
      fiscalUnissuedReason: NO_NCM,
    });
    expect(saleAckOf({ ...base, data: { ...base.data, fiscal_note: null } })).toEqual({ conflicts: 0, stockAfter: [] });
    expect(saleAckOf(base)).toEqual({ conflicts: 0, stockAfter: [] });
  });
});

describe('saleNoteStatus of a note this till issued in contingency', () => {
  it('pending: hand over the DANFE, the note goes by itself; rejected: the admin sees to it', () => {
    const receipt = (status: 'pendente' | 'rejeitada') => ({
      cashierName: null,
      customerDocument: null,
      discountCentavos: 0,
      payments: [],
      crediario: null,
      fiscalNote: { ...note(status), environment: 'homologacao' as const, number: 13, series: 2, emission_type: 9 as const },
    });
    expect(saleNoteStatus(receipt('pendente'))).toEqual({
      tone: 'waiting',
      text: 'NFC-e nº 13 série 2 emitida em contingência neste caixa: entregue o DANFE; a nota vai para a SEFAZ sozinha.',
    });
    expect(saleNoteStatus(receipt('rejeitada'))).toEqual({ tone: 'problem', text: REJECTED_TEXT });
    const refused = receipt('rejeitada');
    refused.fiscalNote = { ...refused.fiscalNote, cstat: null, reason: 'A chave deste caixa foi removida.' };
    expect(saleNoteStatus(refused)).toEqual({
      tone: 'problem',
      text: 'NFC-e recusada pelo servidor. A venda está feita; o administrador foi avisado e vai corrigir a nota.',
    });
  });
});
