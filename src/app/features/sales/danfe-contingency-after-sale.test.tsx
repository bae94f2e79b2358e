// After 'Finalizar Venda', a note issued in offline contingency (tpEmis 9, not authorized
// yet) kept with the sale prints its DANFE with the contingency message and, by the
// store's setting as this till learned it (GET /api/fiscal/till), the store's copy after
// the consumer's, or the consumer's alone under electronic custody. Network faked at
// fetch; window.print stubbed.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildAccessKey } from '../../../shared/fiscal/access-key';
import { deviceIdentity } from '../../offline/device-identity';
import { getDb } from '../../offline/db';
import { addProduct, chooseCustomer, openTill } from '../../test/till';
import { fakeNetwork } from './sales-screen-fixtures';

const fake = fakeNetwork();
const KEY = buildAccessKey({
  uf_code: '35',
  year_month: '2611',
  cnpj: '11222333000181',
  series: 7,
  number: 43,
  emission_type: 9,
  numeric_code: '31415926',
});

async function sellAndPrint(custody: boolean) {
  const device = await deviceIdentity(getDb());
  fake.server.on('GET', `/api/fiscal/till/${device.id}`, () => ({
    body: {
      success: true,
      data: {
        emission_enabled: true,
        environment: 'producao',
        series: 7,
        consumer_document_threshold: 1_000_000,
        emitter: {
          legal_name: 'Loja de Teste Ltda',
          trade_name: null,
          cnpj: '11222333000181',
          ie: '123456789110',
          address: 'Rua das Flores, 100 - Centro - São Paulo/SP - CEP 01001-000',
        },
        contingency_electronic_custody: custody,
        contingency_deadline_hours: 24,
        products_without_ncm: { count: 0, ids: [] },
      },
    },
  }));
  fake.sync.onSale = (request) => ({
    status: 201,
    body: {
      success: true,
      data: {
        id: request.headers['Idempotency-Key'],
        stock_conflicts: [],
        fiscal_note: {
          id: crypto.randomUUID(),
          status: 'pendente',
          environment: 'producao',
          series: 7,
          number: 43,
          key: KEY,
          emission_type: 9,
          issued_at_local: '2026-11-29T10:05:07-03:00',
          protocol: null,
          authorized_at: null,
          qr_code: `https://www.nfce.fazenda.sp.gov.br/qrcode?p=${KEY}|2|1|29|49.90|6a4f2b|1|0123456789ABCDEF0123456789ABCDEF01234567`,
          url_chave: 'https://www.nfce.fazenda.sp.gov.br/consulta',
          customer_document: null,
          approximate_taxes: null,
          total: 49.9,
          change: 0,
          cstat: null,
          reason: null,
        },
      },
    },
  });
  const print = vi.fn();
  vi.stubGlobal('print', print);
  // jsdom has no constructed style sheets (the page size goes in through them).
  Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true });
  CSSStyleSheet.prototype.replaceSync ??= () => undefined;
  const { user } = await openTill();
  await chooseCustomer(user, 'maria', 'Maria Silva');
  await addProduct(user, 'CAM-001', 'Camisa Polo');
  await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
  const button = await screen.findByRole('button', { name: 'Imprimir DANFE' });
  const [kept] = await getDb().sales.toArray();
  expect(kept!.receipt?.fiscalNote).toMatchObject({ number: 43, key: KEY, emission_type: 9, status: 'pendente' });
  await user.click(button);
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  const root = document.querySelector<HTMLElement>('.print-root')!;
  return within(root).getAllByTestId('danfe');
}

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ');

describe('the contingency DANFE after the sale', () => {
  it("prints the consumer's copy and then the store's, both with the contingency message", async () => {
    const copies = await sellAndPrint(false);
    expect(copies.map((c) => c.getAttribute('aria-label'))).toEqual(['Via do Consumidor', 'Via do Estabelecimento']);
    for (const copy of copies) {
      const all = text(copy);
      expect(all).toContain('EMITIDA EM CONTINGÊNCIA');
      expect(all).toContain('Pendente de autorização');
      expect(all).toContain('NFC-e nº 000000043 Série 007');
      expect(all).not.toContain('Protocolo de autorização');
    }
  }, 20_000);

  it("under the store's electronic custody, the consumer's copy alone", async () => {
    const copies = await sellAndPrint(true);
    expect(copies).toHaveLength(1);
    expect(text(copies[0]!)).toContain('Via do Consumidor');
    expect(text(copies[0]!)).toContain('EMITIDA EM CONTINGÊNCIA');
    expect(document.querySelector('.print-root')!.textContent).not.toContain('Via do Estabelecimento');
  }, 20_000);
});
