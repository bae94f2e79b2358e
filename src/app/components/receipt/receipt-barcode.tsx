// The sale's number as a Code 128 barcode at the foot of the receipt, so a troca days later
// starts by reading it into Trocas e Devoluções (a scanner types the number and Enter into
// the finder's field). Bars about a quarter as tall as wide; the number printed under them
// as text of the receipt's size (the SVG carries none).
import { code128Svg } from '../../../shared/barcode/barcode-svg';
import { CODE128_QUIET_ZONE_MODULES, code128Modules } from '../../../shared/barcode/code128';

/** The SVG of the barcode of a sale number (printable ASCII, as every sale number is). */
export function saleBarcodeSvg(number: string): string {
  const width = code128Modules(number).length + 2 * CODE128_QUIET_ZONE_MODULES;
  return code128Svg(number, { show_text: false, height_modules: Math.round(width / 4) });
}

export function ReceiptBarcode({ number }: { number: string }) {
  return (
    <div className="receipt-barcode" data-testid="receipt-barcode">
      {/* Built by shared/barcode from the sale number's ASCII only (escaped). */}
      <div dangerouslySetInnerHTML={{ __html: saleBarcodeSvg(number) }} />
      <p className="receipt-center">Para trocas: #{number}</p>
    </div>
  );
}
