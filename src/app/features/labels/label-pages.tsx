// The pages of a print of labels, each drawn at its paper size in millimetres (labels at
// their places on a sheet; one label a page on a roll). `PrintedLabels` puts them outside
// the app (straight under <body>, hidden on screen), each page on the format's named
// @page (labels-print.css: its paper size, no margins), and the print stylesheet sends
// only them to paper. (A <style> written here would not apply: the app's CSP allows
// only its own stylesheets.)
import { createPortal } from 'react-dom';
import { LabelCard, type LabelProduct } from './label-card';
import { labelPosition, type LabelFormat } from './label-formats';
import './labels-print.css';

export type LabelPageSlots = { slot: number; label: LabelProduct }[];

export function LabelPage({ format, slots }: { format: LabelFormat; slots: LabelPageSlots }) {
  return (
    <div
      className="label-page"
      style={{
        position: 'relative',
        width: `${format.page.width_mm}mm`,
        height: `${format.page.height_mm}mm`,
        overflow: 'hidden',
        background: '#fff',
        // The paper of the format (its named @page in labels-print.css).
        page: `labels-${format.id}`,
      }}
    >
      {slots.map(({ slot, label }) => {
        const at = labelPosition(format, slot);
        return (
          <div key={slot} style={{ position: 'absolute', top: `${at.top_mm}mm`, left: `${at.left_mm}mm` }}>
            <LabelCard product={label} format={format} />
          </div>
        );
      })}
    </div>
  );
}

export function PrintedLabels({ format, pages }: { format: LabelFormat; pages: LabelPageSlots[] }) {
  return createPortal(
    <div data-print-labels={format.id}>
      {pages.map((slots, i) => (
        <LabelPage key={i} format={format} slots={slots} />
      ))}
    </div>,
    document.body,
  );
}
