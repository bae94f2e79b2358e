// A QR Code of a text (the Pix BR Code) as SVG, drawn here from the module matrix that
// 'uqr' computes: byte mode (the text's UTF-8 bytes), error correction level M, the
// 4-module quiet zone a reader needs. No network, no canvas: a string the screen, the
// receipt or a test can place as it is.
import { encode } from 'uqr';

export const QR_QUIET_ZONE_MODULES = 4;

export interface QrSvgParts {
  /** Side of the square in modules, quiet zone included (the viewBox is 0 0 size size). */
  size_modules: number;
  /** The dark modules as one path in module units. */
  path: string;
}

/** The matrix (true = dark), without quiet zone, at ECC level M, in byte mode. */
export function qrMatrix(text: string): boolean[][] {
  const bytes = [...new TextEncoder().encode(text)];
  return encode(bytes, { ecc: 'M', border: 0 }).data;
}

/** The dark modules as horizontal runs, one 'M x y h w v 1 h -w z' each. */
export function qrSvgParts(text: string): QrSvgParts {
  const matrix = qrMatrix(text);
  const q = QR_QUIET_ZONE_MODULES;
  const runs: string[] = [];
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      runs.push(`M${start + q} ${y + q}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size_modules: matrix.length + 2 * q, path: runs.join('') };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A standalone SVG document of the QR: white background, black modules, crisp edges.
 * `size_px` sets width and height (the drawing scales to it); `label` is its accessible name.
 */
export function qrSvg(text: string, { size_px, label = 'QR Code' }: { size_px?: number; label?: string } = {}): string {
  const { size_modules, path } = qrSvgParts(text);
  const size = size_px === undefined ? '' : ` width="${size_px}" height="${size_px}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size_modules} ${size_modules}"${size}` +
    ` shape-rendering="crispEdges" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="${size_modules}" height="${size_modules}" fill="#fff"/>` +
    `<path d="${path}" fill="#000"/></svg>`
  );
}
