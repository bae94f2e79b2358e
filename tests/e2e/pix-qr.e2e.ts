// The Pix QR as a phone's camera would see it: the SVG of src/shared/pix/qr-svg.ts drawn
// by Chromium, screenshotted, and read back by zbarimg, gives the same BR Code, whose CRC
// checks. At the size the till shows it and smaller, on a phone's and a desktop's window.
import { describe, expect, it } from 'vitest';
import { buildPixBrCode, parsePixBrCode, pixTxid } from '../../src/shared/pix/br-code';
import { qrSvg } from '../../src/shared/pix/qr-svg';
import { decodePage, showSvg } from './support/zbar';
import { fileBrowser } from './support/suite';

const browser = fileBrowser({ width: 390, height: 844 });

const MANUAL = buildPixBrCode({
  key: '123e4567-e12b-12d1-a456-426655440000',
  receiver_name: 'Fulano de Tal',
  receiver_city: 'BRASILIA',
});
const SALE = buildPixBrCode({
  key: '+5511987654321',
  receiver_name: 'Padaria Pão de Açúcar da Esquina',
  receiver_city: 'São José dos Campos',
  amount_cents: 8_049_90,
  txid: pixTxid('0b7c3a52-5e3f-4c1e-9a0d-2f6b8e1d4c3a'),
  single_use: true,
});

describe('QR Code Pix lido por um leitor de verdade', () => {
  const cases = [
    { name: 'pix-qr-manual-240px', payload: MANUAL, size_px: 240 },
    { name: 'pix-qr-venda-240px', payload: SALE, size_px: 240 },
    { name: 'pix-qr-venda-160px', payload: SALE, size_px: 160 },
  ];
  for (const { name, payload, size_px } of cases) {
    it(`${name}: zbarimg lê o mesmo código, e o CRC confere`, async () => {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await showSvg(page, qrSvg(payload, { size_px, label: 'QR Code Pix' }));
      const read = await decodePage(page, name);
      expect(read).toEqual([payload]);
      expect(parsePixBrCode(read[0]!).crc).toBe(payload.slice(-4));
    });
  }

  it('control: without its white quiet zone the reader finds no code (the reading above is real)', async () => {
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    const broken = qrSvg(SALE, { size_px: 240 }).replace('fill="#fff"', 'fill="#000"');
    await showSvg(page, broken);
    expect(await decodePage(page, 'pix-qr-sem-margem')).toEqual([]);
  });
});
