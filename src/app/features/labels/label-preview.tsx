// What the print will look like: the first sheet (or the first labels of a roll), drawn
// by the same components as the paper and zoomed to fit the screen.
import { useEffect, useRef, useState } from 'react';
import { LabelPage, type LabelPageSlots } from './label-pages';
import type { LabelFormat } from './label-formats';

const PX_PER_MM = 96 / 25.4;
const ROLL_PREVIEW_LABELS = 6;

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export function LabelPreview({ format, pages }: { format: LabelFormat; pages: LabelPageSlots[] }) {
  const { ref, width } = useWidth();
  const roll = format.kind === 'roll';
  const shown = roll ? pages.slice(0, ROLL_PREVIEW_LABELS) : pages.slice(0, 1);
  // A sheet as wide as the card allows (never larger than paper); a roll's labels at twice their size when they fit.
  const pageWidthPx = format.page.width_mm * PX_PER_MM;
  const zoom = width === 0 ? 0 : roll ? Math.min(2, (width - 8) / pageWidthPx) : Math.min(1, (width - 2) / pageWidthPx);
  return (
    <div ref={ref} className="label-preview w-full" aria-label="Prévia das etiquetas" role="group">
      {zoom > 0 ? (
        <div className="flex flex-wrap gap-2" style={{ zoom }}>
          {shown.map((slots, i) => (
            <div key={i} className="border border-slate-300 shadow-sm">
              <LabelPage format={format} slots={slots} />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
