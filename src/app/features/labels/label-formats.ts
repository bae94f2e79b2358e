// The label stock Etiquetas prints on, in millimetres, and how labels fill its pages. A
// sheet is a grid of labels at fixed places on the page (the printer must not scale: the
// page size is the sheet's own); a roll is one label per page, the page the label itself.
// Pimaco 6180 is a Carta (Letter, 215,9 x 279,4 mm) sheet, not A4: printed on A4 its rows
// would drift, so it keeps its own page size; the A4 sheet of 3 x 10 is the 70 x 29,7 mm one.

export const LABEL_FORMAT_IDS = ['pimaco-6180', 'a4-3x10', 'rolo-40x25'] as const;
export type LabelFormatId = (typeof LABEL_FORMAT_IDS)[number];

export interface LabelFormat {
  id: LabelFormatId;
  /** How the screen names it. */
  name: string;
  kind: 'sheet' | 'roll';
  page: { width_mm: number; height_mm: number };
  label: { width_mm: number; height_mm: number };
  columns: number;
  rows: number;
  /** Where the first label's top-left corner sits on the page. */
  margin: { top_mm: number; left_mm: number };
  /** Space between labels, sideways and down. */
  gap: { column_mm: number; row_mm: number };
  /** Blank border inside each label (printers cannot print to the very edge of a sheet). */
  padding_mm: number;
}

type Size = LabelFormat['page'];
const mm = (width_mm: number, height_mm: number): Size => ({ width_mm, height_mm });

/** A sheet: a grid of labels; no margin and no gap unless given. */
function sheet(format: Omit<LabelFormat, 'kind' | 'margin' | 'gap'> & Partial<Pick<LabelFormat, 'margin' | 'gap'>>) {
  const { margin = { top_mm: 0, left_mm: 0 }, gap = { column_mm: 0, row_mm: 0 } } = format;
  return { ...format, kind: 'sheet', margin, gap } satisfies LabelFormat;
}

/** A roll: one label a page, the page the label itself. */
function roll(id: LabelFormatId, name: string, label: Size, padding_mm: number): LabelFormat {
  return { ...sheet({ id, name, page: label, label, columns: 1, rows: 1, padding_mm }), kind: 'roll' };
}

export const LABEL_FORMATS: Record<LabelFormatId, LabelFormat> = {
  'pimaco-6180': sheet({
    id: 'pimaco-6180',
    name: 'Folha Pimaco 6180 (Carta, 3 x 10, 66,7 x 25,4 mm)',
    page: mm(215.9, 279.4),
    label: mm(66.7, 25.4),
    columns: 3,
    rows: 10,
    margin: { top_mm: 12.7, left_mm: 4.8 },
    gap: { column_mm: 3.15, row_mm: 0 },
    padding_mm: 1.5,
  }),
  'a4-3x10': sheet({
    id: 'a4-3x10',
    name: 'Folha A4 (3 x 10, 70 x 29,7 mm)',
    page: mm(210, 297),
    label: mm(70, 29.7),
    columns: 3,
    rows: 10,
    padding_mm: 3,
  }),
  'rolo-40x25': roll('rolo-40x25', 'Rolo de etiquetadora (40 x 25 mm)', mm(40, 25), 1.5),
};

/** More than this many labels in one print is refused (the page would take minutes to draw). */
export const LABELS_PER_PRINT_MAX = 1500;

export const labelsPerPage = (format: LabelFormat) => format.columns * format.rows;

/** A label's place on its page, in millimetres from the page's top-left corner. */
export function labelPosition(format: LabelFormat, slot: number): { top_mm: number; left_mm: number } {
  const column = slot % format.columns;
  const row = Math.floor(slot / format.columns);
  return {
    top_mm: format.margin.top_mm + row * (format.label.height_mm + format.gap.row_mm),
    left_mm: format.margin.left_mm + column * (format.label.width_mm + format.gap.column_mm),
  };
}

/** Each item `quantity` times, in order. */
export function expandLabels<T>(items: readonly { item: T; quantity: number }[]): T[] {
  return items.flatMap(({ item, quantity }) => Array.from({ length: Math.max(0, quantity) }, () => item));
}

/**
 * The pages the labels fill, each a list of (slot, label). On a sheet the first `skip`
 * places are left blank (labels already peeled off a sheet used before); a roll has no
 * places to skip.
 */
export function layoutPages<T>(format: LabelFormat, labels: readonly T[], skip = 0): { slot: number; label: T }[][] {
  const perPage = labelsPerPage(format);
  const blank = format.kind === 'sheet' ? Math.min(Math.max(0, Math.trunc(skip)), perPage - 1) : 0;
  const pages: { slot: number; label: T }[][] = [];
  labels.forEach((label, i) => {
    const place = blank + i;
    const page = Math.floor(place / perPage);
    (pages[page] ??= []).push({ slot: place % perPage, label });
  });
  return pages;
}
