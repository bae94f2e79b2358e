// A USB barcode scanner for the Chromium tests: a keyboard that types the code and Enter in
// a burst, a few ms a key, into whatever has the focus.
//
// A real scanner's keys carry the time they arrived: the system stamps each one as the
// scanner sends it, however busy the page is, and the page reads that stamp (the keydown's
// timeStamp), which is what Nova Venda's detector measures (scan-detector.ts). Playwright's
// keyboard sends a key only after the page has taken the one before, so a page busy for
// 150 ms between two keys (two loaded cores, a redraw) spreads the burst past the detector's
// gaps and the code lands as typing. Here each key goes through the DevTools protocol with
// the time the scanner typed it, as a real keyboard's would.
import type { Page } from './browser';

/** The key's DOM code and Windows key code, as a US keyboard reports them. */
function keyCodes(char: string): { code: string; windowsVirtualKeyCode: number } {
  if (/[0-9]/.test(char)) return { code: `Digit${char}`, windowsVirtualKeyCode: char.charCodeAt(0) };
  if (/[a-z]/i.test(char))
    return { code: `Key${char.toUpperCase()}`, windowsVirtualKeyCode: char.toUpperCase().charCodeAt(0) };
  if (char === '-') return { code: 'Minus', windowsVirtualKeyCode: 189 };
  if (char === '.') return { code: 'Period', windowsVirtualKeyCode: 190 };
  throw new Error(`o leitor de teste não digita '${char}'`);
}

/** What a USB scanner does: `code`, then Enter, one key every `gapMs` ms as the page sees them. */
export async function scanBarcode(page: Page, code: string, gapMs = 5): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code].map((char) => ({ key: char, text: char, ...keyCodes(char) }));
    keys.push({ key: 'Enter', text: '\r', code: 'Enter', windowsVirtualKeyCode: 13 });
    for (const [i, { text, ...key }] of keys.entries()) {
      const timestamp = start + (i * gapMs) / 1000;
      await session.send('Input.dispatchKeyEvent', { type: 'keyDown', ...key, text, unmodifiedText: text, timestamp });
      await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key, timestamp: timestamp + 0.001 });
    }
  } finally {
    await session.detach();
  }
}
