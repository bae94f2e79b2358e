import { describe, expect, it } from 'vitest';
import { exportMonths, lastMonth } from './notes-format';

describe("the months of the accountant's package", () => {
  it('lists sixty months, newest first, in Portuguese, across the turn of the year', () => {
    const months = exportMonths('2026-02-10');
    expect(months).toHaveLength(60);
    expect(months.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'fevereiro de 2026' },
      { value: '2026-01', label: 'janeiro de 2026' },
      { value: '2025-12', label: 'dezembro de 2025' },
    ]);
    expect(months.at(-1)).toEqual({ value: '2021-03', label: 'março de 2021' });
    expect(new Set(months.map((m) => m.value)).size).toBe(60);
  });

  it('offers last month first selected, and it is in the list', () => {
    expect(lastMonth('2026-01-05')).toBe('2025-12');
    expect(exportMonths('2026-01-05').map((m) => m.value)).toContain(lastMonth('2026-01-05'));
  });
});
