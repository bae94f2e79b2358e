// Renders public/icons/icon.svg into the PNG icons of the web app manifest, using the
// system Chromium (run once after changing the SVG; the PNGs are committed), then squeezes
// them losslessly with optipng when it is installed (apt-get install optipng): Chrome fetches
// icon-192.png on every first open (3.4 KB as the screenshot writes it, 2.1 KB squeezed).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const svg = readFileSync('public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const targets = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];
for (const { file, size, maskable } of targets) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable icons: full-bleed background, the glyph inside the 80% safe zone.
  const inner = maskable
    ? `<div style="width:${size}px;height:${size}px;background:#1d4ed8;display:flex;align-items:center;justify-content:center">
         <div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace('rx="96"', 'rx="0"')}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
  await page.close();
}
await browser.close();
try {
  execFileSync('optipng', ['-o7', '-quiet', ...targets.map(({ file }) => `public/icons/${file}`)]);
} catch {
  console.log('optipng não encontrado: ícones sem otimizar (apt-get install optipng)');
}
console.log('ícones gerados em public/icons');
