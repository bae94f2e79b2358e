import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LABEL_FORMATS, expandLabels, labelPosition, layoutPages } from './label-formats';

describe('label formats', () => {
  it('every sheet fits its labels inside the page', () => {
    for (const format of Object.values(LABEL_FORMATS)) {
      const last = labelPosition(format, format.columns * format.rows - 1);
      expect(last.left_mm + format.label.width_mm).toBeLessThanOrEqual(format.page.width_mm + 1e-9);
      expect(last.top_mm + format.label.height_mm).toBeLessThanOrEqual(format.page.height_mm + 1e-9);
    }
  });

  it('Pimaco 6180: the third column and the tenth row where the sheet has them', () => {
    const format = LABEL_FORMATS['pimaco-6180'];
    expect(labelPosition(format, 0)).toEqual({ top_mm: 12.7, left_mm: 4.8 });
    const last = labelPosition(format, 29);
    expect(last.left_mm).toBeCloseTo(4.8 + 2 * 69.85, 6);
    expect(last.top_mm).toBeCloseTo(12.7 + 9 * 25.4, 6);
  });

  it('expands quantities and fills pages after the skipped places', () => {
    const labels = expandLabels([
      { item: 'a', quantity: 2 },
      { item: 'b', quantity: 0 },
      { item: 'c', quantity: 30 },
    ]);
    expect(labels).toHaveLength(32);
    const pages = layoutPages(LABEL_FORMATS['a4-3x10'], labels, 5);
    expect(pages).toHaveLength(2);
    expect(pages[0]![0]).toEqual({ slot: 5, label: 'a' });
    expect(pages[0]).toHaveLength(25);
    expect(pages[1]).toHaveLength(7);
    expect(pages[1]![0]!.slot).toBe(0);
  });

  it('a roll puts one label on each page and skips nothing', () => {
    const pages = layoutPages(LABEL_FORMATS['rolo-40x25'], ['a', 'b', 'c'], 4);
    expect(pages).toEqual([[{ slot: 0, label: 'a' }], [{ slot: 0, label: 'b' }], [{ slot: 0, label: 'c' }]]);
  });
});

describe('the print stylesheet', () => {
  it('has the paper of every format as its named page', () => {
    const css = readFileSync('src/app/features/labels/labels-print.css', 'utf8');
    for (const format of Object.values(LABEL_FORMATS)) {
      const rule = new RegExp(`@page labels-${format.id} \\{\\s*size: ([\\d.]+)mm ([\\d.]+)mm;\\s*margin: 0;`);
      const match = rule.exec(css);
      expect(match, format.id).not.toBeNull();
      expect([Number(match![1]), Number(match![2])]).toEqual([format.page.width_mm, format.page.height_mm]);
    }
  });
});
