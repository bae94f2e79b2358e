// A store and a sale to build notes from in tests and the benchmark: a Simples Nacional
// shop in São Paulo, homologação, QR v2.
import { cnpjCheckDigits } from '../../documents';
import type { NfceItem, NfceNote } from '../nfce-note';

export const SAMPLE_CNPJ = '11222333000181';
/** An alphanumeric CNPJ (July 2026) with its check digits. */
export const SAMPLE_ALPHANUMERIC_CNPJ = `12ABC34501DE${cnpjCheckDigits('12ABC34501DE')}`;
export const SAMPLE_CSC = 'G8063VRTNDMO886SFNK5LDUDEI24XJ22YIPO';

export const SAMPLE_ITEMS: NfceItem[] = [
  { code: 'CAF-500', barcode: '7891000100103', description: 'Café torrado e moído 500 g', ncm: '09012100', cfop: '5102', unit: 'UN', quantity: 2, unit_price: 1899, origin: 0, csosn: '102' },
  { code: 'REF-2L', barcode: '7894900011517', description: 'Refrigerante cola 2 L', ncm: '22021000', cest: '0300700', cfop: '5405', unit: 'UN', quantity: 1, unit_price: 999, origin: 0, csosn: '500' },
  { code: 'QJO-KG', barcode: '2000123000004', description: 'Queijo "minas" <frescal> & cia', ncm: '04069090', cfop: '5102', unit: 'KG', quantity: 0.375, unit_price: 4990, discount: 100, origin: 0, csosn: '102' },
]; // prettier-ignore

export function sampleNote(overrides: Partial<NfceNote> = {}): NfceNote {
  return {
    environment: 2,
    series: 1,
    number: 1234,
    issued_at: '2026-11-29T13:05:09.000Z',
    emitter: {
      cnpj: SAMPLE_CNPJ,
      legal_name: 'Mercadinho Bom Preço Ltda',
      trade_name: 'Bom Preço',
      ie: '110.042.490.114',
      crt: 1,
      address: {
        street: 'Rua Augusta',
        number: '1500',
        complement: 'Loja 2',
        district: 'Consolação',
        city_code: '3550308',
        city_name: 'São Paulo',
        uf: 'SP',
        cep: '01304-001',
        phone: '(11) 3456-7890',
      },
    },
    items: SAMPLE_ITEMS,
    discount: 250,
    payments: [
      { method: 'credit_card', amount: 3000 },
      { method: 'cash', amount: 5000 },
    ],
    tech_responsible: {
      cnpj: '44555666000181',
      contact: 'Equipe Balcão',
      email: 'fiscal@balcao.example',
      phone: '11999990000',
    },
    qr: { version: 2, csc_id: '000001', csc: SAMPLE_CSC },
    app_version: 'Balcao 0.1.0',
    ...overrides,
  };
}

/** `count` items, varied: units and weights, with and without barcode, CEST and a discount. */
export function manyItems(count: number): NfceItem[] {
  return Array.from({ length: count }, (_, i) => {
    const base = SAMPLE_ITEMS[i % SAMPLE_ITEMS.length]!;
    return { ...base, code: `${base.code}-${i + 1}`, description: `${base.description} nº ${i + 1}`, barcode: i % 4 === 3 ? null : base.barcode, quantity: i % 3 === 2 ? 1.25 : 1 + (i % 5), discount: i % 7 === 0 ? 10 : 0 };
  }); // prettier-ignore
}
