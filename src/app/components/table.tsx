// Table primitives. Tables fold their lower-priority columns into the row on narrow
// screens (see FOLD below), so they fit; where a table still runs wider than its card, the
// wrapper becomes a labelled scroll region the keyboard can reach (tabIndex 0).
import {
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from 'react';
import { cn } from './cn';

/**
 * Column classes for folding: `from.md` on a Th and its Td shows the column from that width
 * up; `upTo.md` on the folded copy inside the main cell shows it only below that width.
 */
export const FOLD = {
  from: { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell', xl: 'hidden xl:table-cell' },
  upTo: { sm: 'sm:hidden', md: 'md:hidden', xl: 'xl:hidden' },
} as const;

/** True while the element is wider inside than outside (it scrolls sideways). */
function useOverflowing<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, overflowing };
}

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  const { ref, overflowing } = useOverflowing<HTMLDivElement>();
  const label = props['aria-label'];
  return (
    <div
      ref={ref}
      className="w-full overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      {...(overflowing ? { tabIndex: 0, role: 'region', 'aria-label': label ?? 'Tabela' } : {})}
    >
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-600" {...props} />;
}

export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="divide-y divide-slate-100" {...props} />;
}

// Narrower gutters on phones: a row of name, amount and actions fits 360 px with six-digit amounts.
export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('whitespace-nowrap px-3 py-3 font-medium sm:px-4', className)} {...props} />;
}

/** One column of a table: its heading and the classes its Th takes (alignment, FOLD). */
export interface Column {
  label: ReactNode;
  className?: string;
}

/** The head row, a Th a column; the same list's length is the colSpan of an EmptyRow. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <THead>
      <tr>
        {columns.map((column, i) => (
          // The columns are a fixed list: their places are their identity.
          <Th key={i} className={column.className}>
            {column.label}
          </Th>
        ))}
      </tr>
    </THead>
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-3 py-3 align-middle text-slate-700 sm:px-4', className)} {...props} />;
}

/** A full-width row for empty and error states. */
export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {text}
      </td>
    </tr>
  );
}

interface ListTableProps<T> {
  label: string;
  columns: readonly Column[];
  rows: readonly T[];
  /** The full-width row shown when there are no rows; without it an empty table is just its head. */
  emptyText?: string;
  /** A row's <tr>, with its key. */
  children: (row: T) => ReactNode;
}

/** A table of records: its column heads, then a row a record, or the empty row. */
export function ListTable<T>({ label, columns, rows, emptyText, children }: ListTableProps<T>) {
  return (
    <Table aria-label={label}>
      <ColumnHeads columns={columns} />
      <TBody>
        {rows.length === 0 && emptyText !== undefined ? (
          <EmptyRow colSpan={columns.length} text={emptyText} />
        ) : (
          rows.map((row) => children(row))
        )}
      </TBody>
    </Table>
  );
}
