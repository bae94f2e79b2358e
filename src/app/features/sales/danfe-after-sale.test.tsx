// After 'Finalizar Venda' with emission on: the server's answer carries the sale's NFC-e,
// the device keeps it with the sale, and 'Imprimir DANFE' replaces 'Imprimir recibo',
// printing the DANFE (loaded on demand) with the emitter this till knows and the items'
// codes from the device's catalogue. Network faked at fetch; window.print stubbed.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deviceIdentity } from '../../offline/device-identity';
import { getDb } from '../../offline/db';
import { addProduct, chooseCustomer, openTill } from '../../test/till';
import { fakeNetwork } from './sales-screen-fixtures';

const fake = fakeNetwork();
const KEY = '35261111222333000181650070000000421234567890';

describe('the DANFE after the sale', () => {
  it("replaces the receipt: the note kept with the sale, 'Imprimir DANFE' prints it", async () => {
    const device = await deviceIdentity(getDb());
    fake.server.on('GET', `/api/fiscal/till/${device.id}`, () => ({
      body: {
        success: true,
        data: {
          emission_enabled: true,
          environment: 'homologacao',
          series: 7,
          consumer_document_threshold: 1_000_000,
          emitter: {
            legal_name: 'Loja de Teste Ltda',
            trade_name: null,
            cnpj: '11222333000181',
            ie: '123456789110',
            address: 'Rua das Flores, 100 - Centro - São Paulo/SP - CEP 01001-000',
          },
          products_without_ncm: { count: 0, ids: [] },
          signing_key: null,
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
            status: 'autorizada',
            environment: 'homologacao',
            series: 7,
            number: 42,
            key: KEY,
            issued_at_local: '2026-11-29T10:05:07-03:00',
            protocol: '135260000012345',
            authorized_at: '2026-11-29T10:05:09-03:00',
            qr_code: `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${KEY}|3|2`,
            url_chave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
            customer_document: '52998224725',
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
    expect(screen.queryByRole('button', { name: 'Imprimir recibo' })).toBeNull();
    const [kept] = await getDb().sales.toArray();
    expect(kept!.receipt?.fiscalNote).toMatchObject({ number: 42, total: 4990, key: KEY });

    await user.click(button);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const printed = document.querySelector('.print-root')!.textContent!.replace(/\s+/g, ' ');
    expect(printed).toContain('DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica');
    expect(printed).toContain('Loja de Teste Ltda');
    // Homologação: the note's first item is SEFAZ's fixed text, and the DANFE prints the note.
    expect(printed).toContain('CAM-001 NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL');
    expect(printed).toContain('CONSUMIDOR - CPF 529.982.247-25');
    expect(printed).toContain('NFC-e nº 000000042 Série 007');
    expect(printed).not.toContain('Documento sem valor fiscal');
    expect(document.body.dataset.printing).toBe('danfe');
  }, 20_000);
});
