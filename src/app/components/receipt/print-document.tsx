// Printing a receipt, a DANFE NFC-e or a carnê in the app's own page (no popup, no new tab): the document
// is drawn in a root of its own under <body>, the page size is set for this print only
// (a receipt's page is the roll's width and the receipt's own length; the carnê is A4),
// and the browser's print dialog opens. The page size goes in through the CSSOM (a
// constructed sheet): the content security policy allows no inline <style>.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import type { ReceiptPaperWidth } from '../../../shared/contract/settings';
import { Carne } from './carne';
import { Receipt } from './receipt';
import type { ReceiptView } from './receipt-view';
import type { DanfeView } from './danfe-view';
import './receipt-print.css';

/** The DANFE's component comes with its job: it is loaded only when one is printed (src/app/danfe/). */
export type DanfeComponent = ComponentType<{ view: DanfeView; width: ReceiptPaperWidth }>;

export type PrintJob =
  | { kind: 'receipt'; view: ReceiptView; width: ReceiptPaperWidth }
  | { kind: 'carne'; view: ReceiptView }
  | { kind: 'danfe'; view: DanfeView; width: ReceiptPaperWidth; Danfe: DanfeComponent };

const MM_PER_PX = 25.4 / 96;
/** A little more roll than the receipt needs, so rounding never spills onto a second page. */
const ROLL_SLACK_MM = 4;

/** The @page rule for a job; a receipt's length is measured from the drawn receipt. */
export function pageRule(job: PrintJob, heightPx: number): string {
  if (job.kind === 'carne') return '@page { size: A4 portrait; margin: 0; }';
  const length = Math.ceil(heightPx * MM_PER_PX) + ROLL_SLACK_MM;
  return `@page { size: ${job.width} ${length}mm; margin: 0; }`;
}

/**
 * Draws `job` in the print root and opens the print dialog once; `onDone` when the
 * dialog has closed (the document stays until then, or until the next job replaces it).
 */
export function PrintDocument({ job, onDone }: { job: PrintJob; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const printed = useRef<PrintJob | null>(null);
  const [root] = useState(() => {
    const el = document.createElement('div');
    el.className = 'print-root';
    return el;
  });
  const done = useRef(onDone);
  done.current = onDone;

  useLayoutEffect(() => {
    document.body.append(root);
    return () => root.remove();
  }, [root]);

  useEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(pageRule(job, ref.current?.getBoundingClientRect().height ?? 0));
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    document.body.dataset.printing = job.kind;
    const after = () => done.current();
    window.addEventListener('afterprint', after);
    // Once per job, however often the effect runs (React's development double run).
    if (printed.current !== job) {
      printed.current = job;
      window.print();
    }
    return () => {
      window.removeEventListener('afterprint', after);
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
      delete document.body.dataset.printing;
    };
  }, [job]);

  return createPortal(
    <div ref={ref} data-print={job.kind}>
      {job.kind === 'receipt' ? (
        <Receipt view={job.view} width={job.width} />
      ) : job.kind === 'danfe' ? (
        <job.Danfe view={job.view} width={job.width} />
      ) : (
        <Carne view={job.view} />
      )}
    </div>,
    root,
  );
}

/** A screen's printer: `print(job)` draws and prints it; render `element` somewhere. */
export function usePrinter() {
  const [job, setJob] = useState<PrintJob | null>(null);
  return {
    print: setJob,
    element: job ? <PrintDocument job={job} onDone={() => setJob(null)} /> : null,
  };
}
