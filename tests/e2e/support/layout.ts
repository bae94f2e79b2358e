// Checks a screen as laid out in Chromium: horizontal overflow (the page, and any scroll
// region that is not a labelled, keyboard-focusable one), the h1 count, whether an
// element sits inside the viewport, and axe-core's serious and critical violations.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface Overflow {
  page: { scrollWidth: number; innerWidth: number } | null;
  /** Elements that scroll sideways without being a focusable, labelled scroll region. */
  regions: string[];
}

export function overflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} ` +
      `(${el.scrollWidth} > ${el.clientWidth}) ${(el.textContent ?? '').trim().slice(0, 40)}`;
    const regions: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      if (!(el instanceof HTMLElement) || el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== 'auto' && style.overflowX !== 'scroll') continue;
      if (el.getClientRects().length === 0) continue;
      const focusable = el.tabIndex === 0 && el.hasAttribute('tabindex');
      const labelled = el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
      if (!(focusable && labelled)) regions.push(describe(el));
    }
    return {
      page:
        root.scrollWidth > window.innerWidth ? { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth } : null,
      regions,
    };
  });
}

export function h1Count(page: Page): Promise<number> {
  return page.locator('h1').count();
}

/** True when the element's box lies entirely inside the viewport (not scrolled away, not cut). */
export async function inViewport(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox({ timeout: 5_000 }).catch(() => null);
  if (!box) return false;
  const size = await locator.page().evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= size.w + 0.5 && box.y + box.height <= size.h + 0.5;
}

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core on the page as it is; only serious and critical findings. */
export async function axeSerious(page: Page): Promise<AxeFinding[]> {
  return (await axeFindings(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/**
 * Every axe-core violation on the page as it is, with `enable`: rules axe leaves off by
 * default (its experimental ones, such as label-content-name-mismatch).
 */
export async function axeFindings(page: Page, enable: string[] = []): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP forbids inline scripts, and a
  // <script> tag would be blocked (and reported as a violation).
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    interface AxeViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[] }[];
    }
    const result = await axe.run({
      resultTypes: ['violations'],
      rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])),
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, enable);
}

/** Client-side navigation (react-router listens to popstate): no reload between screens. */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Whether two elements' boxes overlap on screen. */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/**
 * Content cut off inside its own box: elements inside `main` whose content runs wider than
 * the element (a scroll region, a clipping card, a table wider than its wrapper), whether
 * or not it can be scrolled. Text shortened on purpose with an ellipsis and visually hidden
 * text (sr-only) are not cut.
 */
export function clippedInMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) continue;
      if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth <= 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === 'visible' || style.textOverflow === 'ellipsis') continue;
      if (el.matches('input, select, textarea')) continue;
      found.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${el.scrollWidth} > ${el.clientWidth}) ` +
          (el.textContent ?? '').trim().slice(0, 50),
      );
    }
    return found;
  });
}
