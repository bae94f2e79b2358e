// Telling a barcode scanner from a person at the keyboard. A USB or Bluetooth scanner is
// a keyboard that types the whole code and Enter in a burst (a few ms a key), into
// whatever has focus. A burst of at least SCAN_MIN_LENGTH characters, on average at most
// SCAN_AVERAGE_GAP_MS apart (and none slower than SCAN_MAX_GAP_MS, room for a busy
// machine's hiccup), ending in Enter, is a scan: no person types 20 keys a second (a scanner types a
// key every few ms; 50 leaves room for a browser busy drawing the search between keys). Keys a
// person typed just before the scanner's (a pause of more than SCAN_PAUSE_MS before the
// burst) are not part of the code. The detector only watches: the characters land
// where they land, and the caller puts the field they landed in back as it was (what it
// held before the scan's first key).

export const SCAN_MIN_LENGTH = 8;
export const SCAN_AVERAGE_GAP_MS = 50;
export const SCAN_MAX_GAP_MS = 100;
export const SCAN_PAUSE_MS = 70;

type Field = HTMLInputElement | HTMLTextAreaElement;

export interface ScanKey {
  key: string;
  /** ms (a keyboard event's timeStamp) */
  time: number;
  /** the field the key goes to (what it holds now is what it held before the key) */
  field: Field | null;
  modifier: boolean;
}

export interface Scan {
  code: string;
  /** the field the scan's first key went to, and what it held before it */
  field: Field | null;
  before: string;
}

interface Typed {
  key: string;
  time: number;
  field: Field | null;
  before: string;
}

export class ScanDetector {
  private typed: Typed[] = [];

  /** Feeds a keydown; answers the scan an Enter ends, or null (the key is a person's). */
  feed({ key, time, field, modifier }: ScanKey): Scan | null {
    const last = this.typed[this.typed.length - 1];
    if (last && time - last.time > SCAN_MAX_GAP_MS) this.reset();
    if (key === 'Enter') {
      const scan = this.scanEndingAt(time);
      this.reset();
      return scan;
    }
    if (modifier || key.length !== 1) {
      // Shift is how a scanner types capitals: it may come in the burst.
      if (key !== 'Shift') this.reset();
      return null;
    }
    this.typed.push({ key, time, field, before: field?.value ?? '' });
    return null;
  }

  private scanEndingAt(enterAt: number): Scan | null {
    let keys = this.typed;
    const last = keys[keys.length - 1];
    if (!last || enterAt - last.time > SCAN_MAX_GAP_MS) return null;
    // A person's keys before the burst: cut at the last pause longer than SCAN_PAUSE_MS.
    for (let i = keys.length - 1; i > 0; i--) {
      if (keys[i]!.time - keys[i - 1]!.time > SCAN_PAUSE_MS) {
        if (keys.length - i >= SCAN_MIN_LENGTH) keys = keys.slice(i);
        break;
      }
    }
    if (keys.length < SCAN_MIN_LENGTH) return null;
    const first = keys[0]!;
    if ((last.time - first.time) / (keys.length - 1) > SCAN_AVERAGE_GAP_MS) return null;
    return { code: keys.map((k) => k.key).join(''), field: first.field, before: first.before };
  }

  reset(): void {
    this.typed = [];
  }
}
