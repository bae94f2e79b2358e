// Linear barcodes (EAN-13, EAN-8, Code 128) as standalone SVG: the viewBox is in modules
// (one module = 1 unit wide), white background with the quiet zones, each bar a rect,
// the human-readable text optional under the bars. Labels, receipts and tests place the
// string as it is; the print stylesheet sizes it through width/height.
import { code128Modules, CODE128_QUIET_ZONE_MODULES } from './code128';
import { EAN13_QUIET_ZONE_MODULES, EAN8_QUIET_ZONE_MODULES, ean13Modules, ean8Modules } from './ean';

export interface BarcodeSvgOptions {
  /** Bar height in modules (default 60). */
  height_modules?: number;
  /** Pixels per module for width and height; absent: the SVG takes its container's size. */
  module_px?: number;
  /** Prints the text under the bars (default true). */
  show_text?: boolean;
}

const TEXT_MODULES = 12;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Each run of '1' in `modules` as one rect, offset by the left quiet zone. */
export function barRects(modules: string, left: number, height: number): string {
  let rects = '';
  for (const match of modules.matchAll(/1+/g)) {
    rects += `<rect x="${match.index + left}" y="0" width="${match[0].length}" height="${height}"/>`;
  }
  return rects;
}

/** An SVG of `modules` between quiet zones, with `text` under the bars when asked. */
export function linearBarcodeSvg(
  modules: string,
  quiet: { left: number; right: number },
  text: string,
  { height_modules = 60, module_px, show_text = true }: BarcodeSvgOptions = {},
): string {
  const width = quiet.left + modules.length + quiet.right;
  const height = height_modules + (show_text ? TEXT_MODULES : 0);
  const size = module_px === undefined ? '' : ` width="${width * module_px}" height="${height * module_px}"`;
  const label = show_text
    ? `<text x="${width / 2}" y="${height - 2}" text-anchor="middle" font-family="monospace" font-size="10">${escapeXml(text)}</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}"${size} shape-rendering="crispEdges"` +
    ` role="img" aria-label="Código de barras ${escapeXml(text)}">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    `<g fill="#000">${barRects(modules, quiet.left, height_modules)}${label}</g></svg>`
  );
}

/** EAN-13 (13 digits with a valid check digit) as SVG; throws BarcodeError otherwise. */
export function ean13Svg(code: string, options?: BarcodeSvgOptions): string {
  return linearBarcodeSvg(ean13Modules(code), EAN13_QUIET_ZONE_MODULES, code, options);
}

/** EAN-8 (8 digits with a valid check digit) as SVG. */
export function ean8Svg(code: string, options?: BarcodeSvgOptions): string {
  return linearBarcodeSvg(ean8Modules(code), EAN8_QUIET_ZONE_MODULES, code, options);
}

/** Code 128 of printable ASCII text as SVG. */
export function code128Svg(text: string, options?: BarcodeSvgOptions): string {
  const quiet = { left: CODE128_QUIET_ZONE_MODULES, right: CODE128_QUIET_ZONE_MODULES };
  return linearBarcodeSvg(code128Modules(text), quiet, text, options);
}

/** The SVG a GTIN gets on a label: EAN-13 or EAN-8 by its length, Code 128 for anything else. */
export function productBarcodeSvg(code: string, options?: BarcodeSvgOptions): string {
  if (/^\d{13}$/.test(code)) return ean13Svg(code, options);
  if (/^\d{8}$/.test(code)) return ean8Svg(code, options);
  return code128Svg(code, options);
}
