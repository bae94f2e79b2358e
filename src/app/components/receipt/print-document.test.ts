// The page a print asks for: a receipt on its roll, as long as the receipt (plus a little
// slack so rounding never makes a second page); the carnê on A4.
import { describe, expect, it } from 'vitest';
import { pageRule, type PrintJob } from './print-document';
import type { ReceiptView } from './receipt-view';

const view = {} as ReceiptView;

describe('pageRule', () => {
  it("a receipt's page is the roll's width and the receipt's length in mm, rounded up, plus 4 mm", () => {
    const job: PrintJob = { kind: 'receipt', view, width: '80mm' };
    // 378 px at 96 dpi = 100.0125 mm
    expect(pageRule(job, 378)).toBe('@page { size: 80mm 105mm; margin: 0; }');
    expect(pageRule({ ...job, width: '58mm' }, 377.9)).toBe('@page { size: 58mm 104mm; margin: 0; }');
  });

  it('the carnê is A4 whatever its height', () => {
    expect(pageRule({ kind: 'carne', view }, 5000)).toBe('@page { size: A4 portrait; margin: 0; }');
  });
});
