// The code a product's label carries and its bars: the product's GTIN as EAN-13 or EAN-8
// (a 12-digit UPC-A is the same symbol as the EAN-13 with a leading zero; a GTIN-14 goes as
// Code 128), and a product without a barcode its SKU in Code 128, which the till's scanner
// finds by exact SKU too. The bars stretch to the box the label gives them (preserveAspect
// none keeps every module the same width); the digits are printed under them as text.
import { productBarcodeSvg } from '../../../shared/barcode/barcode-svg';

export interface LabelCode {
  /** What a scanner reads. */
  code: string;
  svg: string;
}

export function labelCode(product: { barcode?: string | null | undefined; sku: string }): LabelCode | null {
  const barcode = product.barcode ?? null;
  const code = barcode ? (barcode.length === 12 ? `0${barcode}` : barcode) : product.sku.trim();
  if (!code) return null;
  try {
    const svg = productBarcodeSvg(code, { show_text: false, height_modules: 40 });
    return { code, svg: svg.replace('<svg ', '<svg preserveAspectRatio="none" ') };
  } catch {
    // A SKU with characters Code 128 cannot carry (accents): the label goes without bars.
    return null;
  }
}
