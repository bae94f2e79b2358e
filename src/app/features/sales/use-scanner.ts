// Nova Venda's barcode scanner (scan-detector.ts tells a scan from typing). A scan adds
// one unit of the product with that barcode, or that exact SKU, at once: no dropdown, no
// quantity; scanning it again adds one more to the same line. Wherever the focus was
// (the product search, Quantidade, the customer search), the code goes to the product
// search's work: the field it was typed into gets back what it held, and the product
// search has the focus for the next scan. A code no product has says so and adds
// nothing. The mirror answers, so it works offline. Inside a dialog a scan is left alone
// (it is typing into that dialog's field). Speed alone cannot tell a scanner from a person
// typing fast: once the catalogue is loaded a search shows its option with the last key,
// and Enter may follow as closely as a scanner's. So a burst that is no product's code,
// ending in a search that offers an option, is a person choosing that option.
// A scan while the catalogue is still loading (the searches say 'Carregando...') is kept
// and added when it opens, never answered 'não encontrado' about a code the device has not
// read yet.
import { useCallback, useEffect, useRef } from 'react';
import { toast, toastError } from '../../components/toast-store';
import { toastItemAdded } from './item-added-toast';
import type { MirrorProduct } from '../../offline/db';
import { addToCart, type CartLine } from './cart';
import { cartErrorToast } from './product-adder';
import { ScanDetector, type Scan } from './scan-detector';

interface ScannerOptions {
  /** false while the catalogue is loading: scans wait for it */
  ready: boolean;
  findByCode: (code: string) => MirrorProduct | null;
  availableOf: (id: string) => number;
  lines: CartLine[];
  onLinesChange: (lines: CartLine[]) => void;
  /** Clears the product search (what a scan typed into it). */
  clearSearch: () => void;
}

/** The product search's field (product-adder.tsx). */
const productSearch = () =>
  document.querySelector<HTMLInputElement>('form[aria-label="Adicionar Produto"] input[role="combobox"]');

/** Puts a field's value back as React sees it (the setter of the prototype, then an input event). */
function restoreField(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A search (combobox) with an option active in its open list: Enter there chooses it. */
const offersOption = (target: EventTarget | null) =>
  target instanceof HTMLInputElement &&
  target.getAttribute('role') === 'combobox' &&
  Boolean(target.getAttribute('aria-activedescendant'));

const fieldOf = (target: EventTarget | null) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;

/** Mounts the scanner on the page; answers `scan(code)` for codes read otherwise (the camera). */
export function useScanner(options: ScannerOptions): (code: string) => void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const waiting = useRef<string[]>([]);

  const scan = useCallback((code: string) => {
    if (!latest.current.ready) {
      waiting.current.push(code);
      toast({ title: 'Carregando o catálogo', description: `O código ${code} entra na venda assim que ele abrir.` });
      return;
    }
    const { findByCode, availableOf, lines, onLinesChange } = latest.current;
    const product = findByCode(code);
    if (!product) {
      toastError('Produto não encontrado', `Código ${code} não encontrado`);
      return;
    }
    const cartProduct = {
      id: product.id,
      name: product.name,
      sku: product.sku,
      sale_price: product.sale_price,
    };
    const result = addToCart(lines, cartProduct, 1, availableOf(product.id));
    if (!result.ok) {
      cartErrorToast(result);
      return;
    }
    // Two scans before the next render add up.
    latest.current = { ...latest.current, lines: result.lines };
    onLinesChange(result.lines);
    toastItemAdded(1, product.name);
  }, []);

  useEffect(() => {
    if (!options.ready) return;
    const codes = waiting.current.splice(0);
    for (const code of codes) scan(code);
  }, [options.ready, scan]);

  useEffect(() => {
    const detector = new ScanDetector();
    function onKeyDown(event: KeyboardEvent) {
      if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return detector.reset();
      const found: Scan | null = detector.feed({
        key: event.key,
        time: event.timeStamp,
        field: fieldOf(event.target),
        modifier: event.ctrlKey || event.altKey || event.metaKey,
      });
      if (!found) return;
      if (offersOption(event.target) && !latest.current.findByCode(found.code.trim())) return;
      // The scan's Enter is the scanner's: it picks nothing and submits nothing.
      event.preventDefault();
      event.stopPropagation();
      const search = productSearch();
      if (found.field && found.field === search) latest.current.clearSearch();
      else if (found.field) restoreField(found.field, found.before);
      search?.focus();
      scan(found.code.trim());
    }
    // A click or a move to another field ends a burst: a scanner types into one field.
    const reset = () => detector.reset();
    // Capture on the window: before the focused field's own Enter handling.
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('pointerdown', reset, true);
    window.addEventListener('focusin', reset, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('pointerdown', reset, true);
      window.removeEventListener('focusin', reset, true);
    };
  }, [scan]);

  return scan;
}
