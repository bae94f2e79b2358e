// The DANFE NFC-e's content (Manual do DANFE NFC-e): every section from a sale's receipt
// view, its note and the emitter's public data, at 80 and 58 mm; the consumer identified
// by CPF or CNPJ or not at all; homologação's warning; a pending note without protocol;
// the tributos aproximados only when known; and the QR Code drawn from the note's text.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FiscalNoteReceipt } from '../../../shared/contract/fiscal-notes';
import { qrMatrix } from '../../../shared/pix/qr-svg';
import { Danfe } from '../../danfe/danfe';
import { danfeView, keyInGroups, printsDanfe } from './danfe-view';
import { receiptFromSale } from './receipt-view';
import type { Sale } from '../../../shared/contract/sales';

const KEY = '35261111222333000181650070000000421234567890';
const QR = `https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode?p=${KEY}|2|2|1|0123456789ABCDEF0123456789ABCDEF01234567`;
const NOTE: FiscalNoteReceipt = {
  id: '0b8f5c2e-4f55-4d3e-9a11-000000000001',
  status: 'autorizada',
  environment: 'homologacao',
  series: 7,
  number: 42,
  key: KEY,
  emission_type: 1,
  issued_at_local: '2026-11-29T10:05:07-03:00',
  protocol: '135260000012345',
  authorized_at: '2026-11-29T10:05:09-03:00',
  qr_code: QR,
  url_chave: 'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
  customer_document: '52998224725',
  approximate_taxes: 2345,
  total: 17000,
  change: 3000,
  cstat: null,
  reason: null,
};
const EMITTER = {
  legal_name: 'Loja de Teste Ltda',
  trade_name: 'Loja de Teste',
  cnpj: '11222333000181',
  ie: '123456789110',
  address: 'Rua das Flores, 100 - Centro - São Paulo/SP - CEP 01001-000',
};

const item = (name: string, quantity: number, unit_price: number, total_price: number) => ({
  id: crypto.randomUUID(),
  product_id: crypto.randomUUID(),
  product_name: name,
  product_size: '',
  product_color: '',
  quantity,
  unit_price,
  total_price,
  discount: quantity * unit_price - total_price,
});

// Two lines: 2 × R$ 50,00 and 1 × R$ 80,00, R$ 10,00 off the sale; paid R$ 200,00 in cash.
const SALE = {
  id: crypto.randomUUID(),
  number: 'A-0042',
  customer_id: crypto.randomUUID(),
  customer_name: 'Maria Silva',
  items: [item('Camisa Polo', 2, 5000, 9444), item('Calça Jeans', 1, 8000, 7556)],
  total: 17000,
  discount: 1000,
  payment_method: 'cash',
  payment_status: 'paid',
  sale_status: 'completed',
  crediario: null,
  payments: [{ method: 'cash', amount: 17000, received: 20000 }],
  sold_at: '2026-11-29T13:05:07.000Z',
} as unknown as Sale;

const receipt = receiptFromSale(SALE, null, { number: SALE.number, cashierName: null });
const CODES = [
  { code: 'CAM-001', unit: 'UN' },
  { code: 'CAL-002', unit: 'PC' },
];

function draw(note: Partial<FiscalNoteReceipt> = {}, width: '80mm' | '58mm' = '80mm') {
  const view = danfeView(receipt, { ...NOTE, ...note }, EMITTER, CODES);
  render(<Danfe view={view} width={width} />);
  return screen.getByTestId('danfe');
}

const text = (el: HTMLElement) => el.textContent!.replace(/\s+/g, ' ');

describe('DANFE NFC-e', () => {
  it('prints every section of the manual in order, at 80 mm', () => {
    const danfe = draw();
    expect(danfe.className).toContain('danfe-80mm');
    const all = text(danfe);
    const inOrder = [
      'Loja de Teste Ltda',
      'CNPJ: 11.222.333/0001-81 IE: 123456789110',
      'Rua das Flores, 100 - Centro - São Paulo/SP - CEP 01001-000',
      'DANFE NFC-e - Documento Auxiliar da Nota Fiscal de Consumidor Eletrônica',
      'EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL',
      'Código Descrição',
      'Qtde',
      'UN',
      'Vl Unit',
      'Vl Total',
      // In homologação the note's first xProd is SEFAZ's fixed text, and the DANFE prints the note.
      'CAM-001 NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
      'CAL-002 Calça Jeans',
      'Qtde. total de itens2',
      'Valor total R$180,00',
      'Descontos R$10,00',
      'Valor a Pagar R$170,00',
      'FORMA PAGAMENTOVALOR PAGO R$',
      'Dinheiro200,00',
      'Troco R$30,00',
      'Consulte pela Chave de Acesso em',
      'https://www.homologacao.nfce.fazenda.sp.gov.br/consulta',
      '3526 1111 2223 3300 0181 6500 7000 0000 4212 3456 7890',
      'CONSUMIDOR - CPF 529.982.247-25',
      'NFC-e nº 000000042 Série 007',
      'Emissão: 29/11/2026 10:05:07',
      'Protocolo de autorização: 135260000012345',
      'Data de autorização: 29/11/2026 10:05:09',
      'Tributos aproximados (Lei Federal 12.741/2012): R$ 23,45',
    ];
    let from = 0;
    for (const part of inOrder) {
      const at = all.indexOf(part, from);
      expect(at, `'${part}' after position ${from} in: ${all}`).toBeGreaterThanOrEqual(from);
      from = at + part.length;
    }
    // Each item's quantity, unit, unit value and total value.
    const rows = within(danfe)
      .getAllByRole('row')
      .map((r) => text(r));
    expect(rows).toContain('2UN50,00100,00');
    expect(rows).toContain('1PC80,0080,00');
    expect(all).not.toContain('pendente');
  });

  it('at 58 mm; a CNPJ consumer; no warning in produção; no taxes line without the IBPT table', () => {
    const danfe = draw(
      { environment: 'producao', customer_document: '11222333000181', approximate_taxes: null },
      '58mm',
    );
    expect(danfe.className).toContain('danfe-58mm');
    const all = text(danfe);
    expect(all).toContain('CONSUMIDOR - CNPJ 11.222.333/0001-81');
    expect(all).not.toContain('HOMOLOGAÇÃO');
    expect(all).not.toContain('HOMOLOGACAO');
    expect(all).toContain('CAM-001 Camisa Polo');
    expect(all).not.toContain('Tributos aproximados');
  });

  it('an unidentified consumer, and a pending note prints what it has without the protocol', () => {
    const danfe = draw({ status: 'pendente', protocol: null, authorized_at: null, customer_document: null });
    const all = text(danfe);
    expect(all).toContain('CONSUMIDOR NÃO IDENTIFICADO');
    expect(all).toContain('NFC-e pendente de autorização');
    expect(all).not.toContain('Protocolo de autorização');
    expect(all).toContain('NFC-e nº 000000042 Série 007');
    expect(all).toContain(keyInGroups(KEY));
  });

  it("draws the note's QR text (ECC M) with its quiet zone", () => {
    draw();
    const svg = screen.getByTestId('danfe-qr');
    const side = qrMatrix(QR).length + 8;
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${side} ${side}`);
    // Every dark module is in the path: as many unit squares as the matrix has.
    const dark = qrMatrix(QR).flat().filter(Boolean).length;
    const drawn = [
      ...svg
        .querySelector('path')!
        .getAttribute('d')!
        .matchAll(/h(\d+)v1/g),
    ].reduce((s, m) => s + Number(m[1]), 0);
    expect(drawn).toBe(dark);
  });

  it('is printed for an authorized or pending note only', () => {
    expect(printsDanfe(NOTE)).toBe(true);
    expect(printsDanfe({ ...NOTE, status: 'pendente' })).toBe(true);
    expect(printsDanfe({ ...NOTE, status: 'rejeitada' })).toBe(false);
    expect(printsDanfe({ ...NOTE, status: 'cancelada' })).toBe(false);
    expect(printsDanfe(null)).toBe(false);
  });
});
