// Draws an SVG in Chromium, screenshots it and reads it back with zbarimg: a code is only
// as good as a real reader says.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ARTIFACTS_DIR, screenshot, type Page } from './browser';

const run = promisify(execFile);

/** The page shows only `svg`, centred on white, at its own size. */
export async function showSvg(page: Page, svg: string): Promise<void> {
  await page.setContent(
    `<!doctype html><html><body style="margin:0;padding:24px;background:#fff">` +
      `<div id="code" style="display:inline-block">${svg}</div></body></html>`,
  );
}

/**
 * What zbarimg reads in a screenshot of the page, one entry per code found (none: []; zbarimg
 * exits 4 then). `symbology`: each entry as 'EAN-13:789...', naming the kind of code read.
 */
export async function decodePage(page: Page, name: string, { symbology = false } = {}): Promise<string[]> {
  const png = await screenshot(page, name);
  try {
    const args = symbology ? ['-q', join(process.cwd(), png)] : ['-q', '--raw', join(process.cwd(), png)];
    const { stdout } = await run('zbarimg', args);
    return stdout.split('\n').filter((line) => line !== '');
  } catch (error) {
    if ((error as { code?: number }).code === 4) return [];
    throw error;
  }
}

export { ARTIFACTS_DIR };
