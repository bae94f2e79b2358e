// What a page prints, read back: the page rendered to PDF through the print stylesheet at the
// page size its CSS asks (Chromium), then pdfinfo and pdftotext (poppler-utils).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS_DIR, type Page } from './browser';

/** The page as printed, kept as <name>.pdf (and a PNG of each page) among the artifacts. */
export async function printedPdf(page: Page, name: string): Promise<string> {
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: 'screen' });
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.pdf`);
  writeFileSync(path, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '110', path, join(ARTIFACTS_DIR, name)]);
  return path;
}

/** Page count and the first page's size, in points. */
export function pdfInfo(path: string): { pages: number; width: number; height: number } {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  const pages = /Pages:\s+(\d+)/.exec(info);
  if (!size || !pages) throw new Error(`pdfinfo sem tamanho: ${info}`);
  return { pages: Number(pages[1]), width: Number(size[1]), height: Number(size[2]) };
}

/** The text of the PDF (or of one page), laid out. */
export const pdfText = (path: string, page?: number) =>
  execFileSync('pdftotext', ['-layout', ...(page ? ['-f', `${page}`, '-l', `${page}`] : []), path, '-'], {
    encoding: 'utf8',
  });

/** Every word with its box, in points (pdftotext -bbox). */
export function pdfWords(path: string): { word: string; xMin: number; xMax: number; yMin: number; yMax: number }[] {
  const html = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
  return [
    ...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g),
  ].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), word: m[5]! }));
}

/** 1 mm in PDF points. */
export const PT_PER_MM = 72 / 25.4;
