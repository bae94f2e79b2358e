// The DANFE NFC-e of a note issued in offline contingency (tpEmis 9): until SEFAZ authorizes
// it, 'EMITIDA EM CONTINGÊNCIA' and 'Pendente de autorização' in the fiscal message area by
// the consulta, no protocol, the number and dhEmi as always, and the store's copy after the
// consumer's unless the store keeps its contingency notes electronically. Once authorized
// it prints as any other note. A receipt from before the emission type existed (the
// server's answer, the device's copy) reads as a normal note.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FiscalNoteReceiptSchema, type FiscalNoteReceipt } from '../../../shared/contract/fiscal-notes';
import type { Sale } from '../../../shared/contract/sales';
import { buildAccessKey } from '../../../shared/fiscal/access-key';
import { Danfe } from '../../danfe/danfe';
import {
  CONSUMER_COPY,
  CONTINGENCY_PENDING_TEXT,
  CONTINGENCY_TEXT,
  PENDING_TEXT,
  STORE_COPY,
  danfeView,
  keyInGroups,
} from './danfe-view';
import { receiptFromSale } from './receipt-view';

const KEY = buildAccessKey({
  uf_code: '35',
  year_month: '2611',
  cnpj: '11222333000181',
  series: 7,
  number: 43,
  emission_type: 9,
  numeric_code: '31415926',
});
// The offline QR v2: chave|2|tpAmb|dd|vNF|digVal (hex)|idCSC|hash.
const QR = `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${KEY}|2|2|29|49.90|6a4f2b7a3c|1|0123456789ABCDEF0123456789ABCDEF01234567`;
const NOTE: FiscalNoteReceipt = {
  id: '0b8f5c2e-4f55-4d3e-9a11-000000000043',
  status: 'pendente',
  environment: 'producao',
  series: 7,
  number: 43,
  key: KEY,
  emission_type: 9,
  issued_at_local: '2026-11-29T10:05:07-03:00',
  protocol: null,
  authorized_at: null,
  qr_code: QR,
  url_chave: 'https://www.nfce.fazenda.sp.gov.br/consulta',
  customer_document: null,
  approximate_taxes: null,
  total: 4990,
  change: 10,
  cstat: null,
  reason: null,
};
const EMITTER = {
  legal_name: 'Loja de Teste Ltda',
  trade_name: null,
  cnpj: '11222333000181',
  ie: '123456789110',
  address: 'Rua das Flores, 100 - Centro - São Paulo/SP - CEP 01001-000',
};
const SALE = {
  id: crypto.randomUUID(),
  number: 'A-0043',
  customer_id: null,
  customer_name: null,
  items: [
    {
      id: crypto.randomUUID(),
      product_id: crypto.randomUUID(),
      product_name: 'Camisa Polo',
      product_size: '',
      product_color: '',
      quantity: 1,
      unit_price: 4990,
      total_price: 4990,
      discount: 0,
    },
  ],
  total: 4990,
  discount: 0,
  payment_method: 'cash',
  payment_status: 'paid',
  sale_status: 'completed',
  crediario: null,
  payments: [{ method: 'cash', amount: 4990, received: 5000 }],
  sold_at: '2026-11-29T13:05:07.000Z',
} as unknown as Sale;
const receipt = receiptFromSale(SALE, null, { number: SALE.number, cashierName: null });

function draw(note: Partial<FiscalNoteReceipt> = {}, electronicCustody = false) {
  const view = danfeView(receipt, { ...NOTE, ...note }, EMITTER, [{ code: 'CAM-001', unit: 'UN' }], {
    electronicCustody,
  });
  render(<Danfe view={view} width="80mm" />);
  return screen.getAllByTestId('danfe');
}

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ');

function expectInOrder(all: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = all.indexOf(part, from);
    expect(at, `'${part}' after position ${from} in: ${all}`).toBeGreaterThanOrEqual(from);
    from = at + part.length;
  }
}

describe('DANFE NFC-e em contingência', () => {
  it("prints the contingency message by the consulta, no protocol, the consumer's copy then the store's", () => {
    const copies = draw();
    expect(copies).toHaveLength(2);
    expect(copies.map((c) => c.getAttribute('aria-label'))).toEqual([CONSUMER_COPY, STORE_COPY]);
    // The two copies follow each other in the document, the consumer's first.
    expect(copies[0]!.compareDocumentPosition(copies[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const [i, copy] of copies.entries()) {
      const all = text(copy);
      expectInOrder(all, [
        'Loja de Teste Ltda',
        'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
        'CAM-001 Camisa Polo',
        'Valor a Pagar R$49,90',
        'Troco R$0,10',
        CONTINGENCY_TEXT,
        CONTINGENCY_PENDING_TEXT,
        'Consulte pela Chave de Acesso em',
        'https://www.nfce.fazenda.sp.gov.br/consulta',
        keyInGroups(KEY),
        'CONSUMIDOR NÃO IDENTIFICADO',
        'NFC-e nº 000000043 Série 007',
        'Emissão: 29/11/2026 10:05:07',
        i === 0 ? CONSUMER_COPY : STORE_COPY,
      ]);
      expect(all).not.toContain('Protocolo de autorização');
      expect(all).not.toContain('Data de autorização');
      expect(all).not.toContain(PENDING_TEXT);
      expect(all).not.toContain('HOMOLOGAÇÃO');
      // Each copy carries the QR of the note.
      expect(within(copy).getAllByTestId('danfe-qr')).toHaveLength(1);
    }
    expect(text(copies[0]!)).not.toContain(STORE_COPY);
    expect(text(copies[1]!)).not.toContain(CONSUMER_COPY);
  });

  it("with the store's electronic custody, only the consumer's copy", () => {
    const copies = draw({}, true);
    expect(copies).toHaveLength(1);
    const all = text(copies[0]!);
    expect(all).toContain(CONTINGENCY_TEXT);
    expect(all).toContain(CONTINGENCY_PENDING_TEXT);
    expect(all).toContain(CONSUMER_COPY);
    expect(document.body.textContent).not.toContain(STORE_COPY);
  });

  it('once authorized, the reprint is the normal DANFE with its protocol, one copy', () => {
    for (const custody of [false, true]) {
      const copies = draw(
        { status: 'autorizada', protocol: '135260000054321', authorized_at: '2026-11-29T18:40:00-03:00' },
        custody,
      );
      expect(copies).toHaveLength(1);
      const all = text(copies[0]!);
      expect(all).toContain('Protocolo de autorização: 135260000054321');
      expect(all).toContain('Data de autorização: 29/11/2026 18:40:00');
      // Issued in contingency, it keeps its dhEmi.
      expect(all).toContain('Emissão: 29/11/2026 10:05:07');
      for (const gone of [CONTINGENCY_TEXT, CONTINGENCY_PENDING_TEXT, CONSUMER_COPY, STORE_COPY])
        expect(all).not.toContain(gone);
      copies[0]!.parentElement!.remove();
    }
  });

  it('a normal note waiting for SEFAZ keeps its own line and no contingency text', () => {
    const copies = draw({ emission_type: 1, key: KEY.slice(0, 34) + '1' + KEY.slice(35) });
    expect(copies).toHaveLength(1);
    const all = text(copies[0]!);
    expect(all).toContain(PENDING_TEXT);
    expect(all).not.toContain(CONTINGENCY_TEXT);
    expect(all).not.toContain(CONSUMER_COPY);
  });

  it('a receipt without the emission type (an older answer, a copy kept on the device) is a normal note', () => {
    const { emission_type: _, ...old } = NOTE;
    const wire = { ...old, total: 49.9, change: 0.1 };
    expect(FiscalNoteReceiptSchema.parse(wire).emission_type).toBe(1);
    expect(FiscalNoteReceiptSchema.parse({ ...wire, emission_type: 9 }).emission_type).toBe(9);
    expect(FiscalNoteReceiptSchema.safeParse({ ...wire, emission_type: 2 }).success).toBe(false);
    // Kept on the device without the field: read as 1, so no contingency message.
    const view = danfeView(receipt, old, EMITTER);
    expect(view.contingency).toBe(false);
    expect(view.copies).toEqual([null]);
    expect(view.pending).toBe(true);
  });
});
