// Where a field's calendar opens: under the field (above it when the window has no room
// below), fixed to the window so a dialog's scrolling body does not cut it; a press
// outside the field and its calendar closes it.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';

interface CalendarPopoverProps {
  anchor: RefObject<HTMLDivElement | null>;
  label: string;
  onDismiss: () => void;
  calendar: ReactNode;
}

const POPOVER_GAP_PX = 4;
const POPOVER_MARGIN_PX = 12;
/** The calendar's size (calendar.tsx: 19rem wide), to place it before it is drawn. */
const POPOVER_WIDTH_PX = 304;
const POPOVER_HEIGHT_PX = 380;

export function CalendarPopover({ anchor, label, onDismiss, calendar }: CalendarPopoverProps) {
  // Placed before the first paint; transparent (not hidden) until then, so the calendar
  // can take the focus as it opens.
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', top: 0, left: 0, opacity: 0 });
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });

  useLayoutEffect(() => {
    const place = () => {
      const box = anchor.current?.getBoundingClientRect();
      if (!box) return;
      const below = window.innerHeight - box.bottom >= POPOVER_HEIGHT_PX || box.top < POPOVER_HEIGHT_PX;
      // Its right edge on the field's, moved in when the window would cut it.
      const widest = window.innerWidth - POPOVER_WIDTH_PX - POPOVER_MARGIN_PX;
      setStyle({
        position: 'fixed',
        left: Math.max(POPOVER_MARGIN_PX, Math.min(box.right - POPOVER_WIDTH_PX, widest)),
        ...(below ? { top: box.bottom + POPOVER_GAP_PX } : { bottom: window.innerHeight - box.top + POPOVER_GAP_PX }),
      });
    };
    place();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) dismiss.current();
    };
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
    };
  }, [anchor]);

  return (
    <div
      role="dialog"
      aria-label={`Calendário: ${label}`}
      style={style}
      className="z-[60] rounded-lg border border-slate-200 bg-white shadow-xl"
    >
      {calendar}
    </div>
  );
}
