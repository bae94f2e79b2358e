// One price label, drawn in millimetres so paper and preview agree: the product's name,
// its size/colour, the price and the bars with their code under them. A sheet's label
// puts the bars on the left and the price on the right; a roll's small label stacks
// name, price and bars.
import { formatBRL } from '../../../shared/money';
import { variantText } from '../../../shared/product-variant';
import type { LabelCode } from './label-barcode';
import type { LabelFormat } from './label-formats';

export interface LabelProduct {
  id: string;
  name: string;
  size: string;
  color: string;
  /** centavos */
  sale_price: number;
  code: LabelCode | null;
}

const mm = (value: number) => `${value}mm`;

function Bars({ code, width_mm, height_mm }: { code: LabelCode; width_mm: number; height_mm: number }) {
  return (
    <div style={{ width: mm(width_mm) }}>
      <div
        className="label-bars"
        style={{ width: mm(width_mm), height: mm(height_mm) }}
        // The SVG is built by src/shared/barcode from digits and printable ASCII only (escaped).
        dangerouslySetInnerHTML={{ __html: code.svg }}
      />
      <div style={{ fontFamily: 'monospace', fontSize: '6pt', lineHeight: 1.1, textAlign: 'center' }}>{code.code}</div>
    </div>
  );
}

export function LabelCard({ product, format }: { product: LabelProduct; format: LabelFormat }) {
  const inner = { w: format.label.width_mm - 2 * format.padding_mm, h: format.label.height_mm - 2 * format.padding_mm };
  const variant = variantText(product);
  const roll = format.kind === 'roll';
  const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  const price = (
    <div style={{ fontWeight: 700, fontSize: roll ? '10pt' : '13pt', whiteSpace: 'nowrap', lineHeight: 1.1 }}>
      {formatBRL(product.sale_price)}
    </div>
  );
  // Name and variant take ~7 mm on a sheet (~8 on a roll, with the price); the bars the rest, less their code line.
  const barsHeight = inner.h - (roll ? 11 : 9.5);
  return (
    <div
      data-label=""
      style={{
        width: mm(format.label.width_mm),
        height: mm(format.label.height_mm),
        padding: mm(format.padding_mm),
        boxSizing: 'border-box',
        overflow: 'hidden',
        color: '#000',
        background: '#fff',
        fontFamily: 'Arial, Helvetica, sans-serif',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.4mm',
      }}
    >
      <div style={{ ...oneLine, fontWeight: 700, fontSize: roll ? '7pt' : '8pt', lineHeight: 1.15 }}>{product.name}</div>
      {roll ? (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '1mm' }}>
          <div style={{ ...oneLine, fontSize: '6.5pt' }}>{variant}</div>
          {price}
        </div>
      ) : (
        <div style={{ ...oneLine, fontSize: '7pt', lineHeight: 1.15, minHeight: '3mm' }}>{variant}</div>
      )}
      {roll ? (
        product.code ? (
          <Bars code={product.code} width_mm={inner.w} height_mm={barsHeight} />
        ) : null
      ) : (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '1.5mm' }}>
          {product.code ? <Bars code={product.code} width_mm={inner.w * 0.62} height_mm={barsHeight} /> : <div />}
          {price}
        </div>
      )}
    </div>
  );
}
