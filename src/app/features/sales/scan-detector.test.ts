import { describe, expect, it } from 'vitest';
import { ScanDetector, type Scan } from './scan-detector';

/** Feeds `text` then Enter, `gap` ms apart (a function of the key's index for uneven typing). */
function type(detector: ScanDetector, text: string, gap: number | ((i: number) => number), start = 1000): Scan | null {
  let time = start;
  const gapAt = typeof gap === 'number' ? () => gap : gap;
  for (const [i, key] of [...text].entries()) {
    detector.feed({ key, time, field: null, modifier: false });
    time += gapAt(i);
  }
  return detector.feed({ key: 'Enter', time, field: null, modifier: false });
}

/** Types `keys` into `field` ([key, ms since the one before], the field's text growing as a browser's would), then Enter. */
function typeInto(detector: ScanDetector, field: HTMLInputElement, keys: readonly (readonly [string, number])[]) {
  let time = 0;
  for (const [key, gap] of keys) {
    detector.feed({ key, time: (time += gap), field, modifier: false });
    field.value += key;
  }
  return detector.feed({ key: 'Enter', time: time + 5, field, modifier: false });
}

describe('ScanDetector', () => {
  it('takes 8 or more keys a few ms apart ending in Enter as a scan', () => {
    const detector = new ScanDetector();
    expect(type(detector, '7891234567895', 5)?.code).toBe('7891234567895');
    expect(type(detector, 'CAM-BAS-BR-P', 12)?.code).toBe('CAM-BAS-BR-P');
    // A loaded machine's hiccup in the middle of a fast burst is still a scan.
    expect(type(detector, '7891234567895', (i) => (i === 6 ? 80 : 4))?.code).toBe('7891234567895');
  });

  it('leaves a person typing alone: slow keys, short codes, a long pause', () => {
    const detector = new ScanDetector();
    expect(type(detector, '7891234567895', 90)).toBeNull();
    expect(type(detector, '7891234567895', 60)).toBeNull();
    expect(type(detector, '1234567', 5)).toBeNull();
    expect(type(detector, '7891234567895', (i) => (i === 6 ? 150 : 5))).toBeNull();
  });

  it('remembers the field the burst began in and what it held before', () => {
    const field = { value: '2' } as HTMLInputElement;
    const keys = [...'78912345'].map((key) => [key, 5] as const);
    expect(typeInto(new ScanDetector(), field, keys)).toEqual({ code: '78912345', field, before: '2' });
  });

  it("leaves out a person's keys typed just before the scanner's", () => {
    const field = { value: '' } as HTMLInputElement;
    const keys = [['M', 0], ['a', 90], ...[...'7891234567895'].map((k, i) => [k, i === 0 ? 80 : 5] as const)] as const;
    expect(typeInto(new ScanDetector(), field, keys)).toEqual({ code: '7891234567895', field, before: 'Ma' });
  });

  it('a modifier key (Ctrl+V) ends a burst; Shift does not', () => {
    const detector = new ScanDetector();
    detector.feed({ key: 'a', time: 0, field: null, modifier: false });
    detector.feed({ key: 'v', time: 3, field: null, modifier: true });
    expect(type(detector, '1234', 3, 6)).toBeNull();
    detector.feed({ key: 'Shift', time: 0, field: null, modifier: false });
    expect(type(detector, 'ABC-1234', 3, 2)?.code).toBe('ABC-1234');
  });
});
