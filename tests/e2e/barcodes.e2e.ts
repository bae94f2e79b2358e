// Barcodes as a scanner would see them on a printed label: the SVGs of
// src/shared/barcode drawn by Chromium, screenshotted and read back by zbarimg give the
// same text (EAN-13, EAN-8 and Code 128 in subsets B and C, switching between them).
import { describe, expect, it } from 'vitest';
import { code128Svg, ean13Svg, ean8Svg } from '../../src/shared/barcode/barcode-svg';
import { decodePage, showSvg } from './support/zbar';
import { fileBrowser } from './support/suite';

const browser = fileBrowser({ width: 820, height: 600 });

const CASES = [
  { name: 'ean13-7891234567895', svg: ean13Svg('7891234567895', { module_px: 2 }), read: 'EAN-13:7891234567895' },
  { name: 'ean8-96385074', svg: ean8Svg('96385074', { module_px: 2 }), read: 'EAN-8:96385074' },
  { name: 'code128-sku', svg: code128Svg('SKU-ABC-123', { module_px: 2 }), read: 'CODE-128:SKU-ABC-123' },
  { name: 'code128-c', svg: code128Svg('78912345678901', { module_px: 2 }), read: 'CODE-128:78912345678901' },
  { name: 'code128-b-c-b', svg: code128Svg('CX12-1234567-Azul', { module_px: 2 }), read: 'CODE-128:CX12-1234567-Azul' },
];

describe('códigos de barras lidos por um leitor de verdade', () => {
  for (const { name, svg, read } of CASES) {
    it(`${name}: zbarimg lê o mesmo texto`, async () => {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await showSvg(page, svg);
      expect(await decodePage(page, `barcode-${name}`, { symbology: true })).toEqual([read]);
    });
  }
});
