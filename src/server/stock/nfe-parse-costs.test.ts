// What the parser reads beyond quantities and vProd: each line's IPI, ICMS-ST, FCP-ST,
// freight, insurance, other expenses and discount, the payments the note declares, and
// the cEANTrib taken for a cEAN that is not a valid GTIN.
import { describe, expect, it } from 'vitest';
import { nfeXml } from '../test/nfe-xml';
import { NO_EXTRAS } from './nfe-line-costs';
import { parseNfe } from './nfe-parse';

describe('NF-e parser: costs, payments and barcodes', () => {
  it('takes cEANTrib for a cEAN with a wrong check digit when the item is taxed in the unit it is sold in', () => {
    const line = { code: 'Z', description: 'X', quantity: '1', unit_cost: '1', total_cents: 100 };
    const { xml } = nfeXml({ lines: [{ ...line, ean: '7894900011518', ean_tax: '7894900011517' }] });
    const nfe = parseNfe(xml);
    expect(nfe.lines[0]).toMatchObject({ ean: '7894900011517', ean_tax: '7894900011517' });
    expect(nfe.warnings).toEqual([
      'Item 1: o código de barras "7894900011518" não é um GTIN válido e foi trocado pelo do cEANTrib (7894900011517).',
    ]);
    // Taxed in another unit (a box's units): cEANTrib is another item's code.
    const box = nfeXml({
      lines: [
        { ...line, ean: '7894900011518', ean_tax: '7894900011517', unit: 'CX', tax_unit: 'UN', tax_quantity: '12' },
      ],
    });
    expect(parseNfe(box.xml).lines[0]).toMatchObject({ ean: null, ean_tax: '7894900011517' });
  });

  it("reads each line's IPI, ICMS-ST, FCP-ST, freight, insurance, other expenses and discount, and the payments", () => {
    const { xml } = nfeXml({
      lines: [
        {
          code: 'A',
          description: 'COM TUDO',
          quantity: '3',
          unit_cost: '10',
          total_cents: 30_00,
          ipi_cents: 1_95,
          st_cents: 2_10,
          fcp_st_cents: 35,
          freight_cents: 4_00,
          insurance_cents: 50,
          other_cents: 25,
          discount_cents: 1_50,
        },
        { code: 'B', description: 'SEM NADA', quantity: '1', unit_cost: '5', total_cents: 5_00 },
      ],
      payments: [
        { form: '01', amount_cents: 10_00, term: '0' },
        { form: '99', amount_cents: 27_55, description: 'Permuta' },
      ],
    });
    const nfe = parseNfe(xml);
    expect(nfe.lines[0]!.extras).toEqual({
      ipi: 1_95,
      icms_st: 2_10,
      fcp_st: 35,
      freight: 4_00,
      insurance: 50,
      other: 25,
      discount: 1_50,
    });
    expect(nfe.lines[1]!.extras).toEqual(NO_EXTRAS);
    expect(nfe.total_cents).toBe(30_00 + 1_95 + 2_10 + 35 + 4_00 + 50 + 25 - 1_50 + 5_00);
    expect(nfe.payments).toEqual([
      { form: '01', label: 'Dinheiro', amount: 10_00, term: 'now', paid_on: null, payable_method: 'cash' },
      { form: '99', label: 'Permuta', amount: 27_55, term: null, paid_on: null, payable_method: null },
    ]);
    // ST already withheld earlier in the chain (vICMSSTRet) is not charged on this note.
    const retained = xml.replace('<vICMSST>2.10</vICMSST>', '<vICMSSTRet>2.10</vICMSSTRet>');
    expect(parseNfe(retained).lines[0]!.extras.icms_st).toBe(0);
  });
});
