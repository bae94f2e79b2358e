// Product search over the mirrored catalogue, measured inside the page: the search
// field's value is set (native setter + 'input' event) and the time until React has
// changed the listbox (MutationObserver) is taken with performance.now().
import type { Page } from '../tests/e2e/support/browser';
import type { ApiProduct } from './lib/catalogue';
import { EXTRA_PRODUCTS } from './lib/config';
import { benchSku } from './lib/extra-products';
import { seeded } from './lib/stats';
import { PRODUCT_SEARCH } from './till-mirror';

const SEARCH_WARMUP = 5;

export interface Timing {
  label: string;
  ms: number;
  detail: number;
  timedOut: boolean;
}

const words = (list: string) => list.split(',');

/** The queries a cashier types: SKU fragments and whole SKUs, name words, misses. */
export function searchQueries(demo: ApiProduct[]): { warmup: string[]; measured: string[] } {
  const random = seeded(3);
  const sku = () => benchSku(1 + Math.floor(random() * EXTRA_PRODUCTS));
  const demoWords = [...new Set(demo.map((p) => p.name.split(' ')[0]!.toLowerCase()))];
  const measured = [
    // whole SKUs (a scanned code) and SKU fragments
    ...Array.from({ length: 8 }, sku),
    ...Array.from({ length: 6 }, () => sku().slice(0, 6)),
    ...Array.from({ length: 6 }, () => sku().slice(-4)),
    ...words('bx-0,BX-04999,bx-02,777'),
    // name words, accented or not, alone or in a row as they appear in names
    ...words('camiseta,calça,calca,tênis,tenis,jaqueta,vestido seda,moletom,sandalia,regata,azul,off white,lilás'),
    ...words('caramelo,slim,premium,infantil,couro,bermuda sarja,estampada algodao,bota casual,blusa feminina'),
    ...words('camisa listrada,saia,bone'),
    ...demoWords.slice(0, 6),
    // rare and missing: the whole index is scanned
    ...words('zzz,xpto,geladeira,smartphone,camiseta roxa,qwerty,bx-9999999,meia couro verde lisa,ñandu'),
    'tenis premium seda lilas',
  ];
  return { warmup: ['cam', 'bx-1', 'azul', 'zz', 'jeans'].slice(0, SEARCH_WARMUP), measured };
}

export async function productSearch(page: Page, queries: string[]): Promise<Timing[]> {
  return page.evaluate(
    async ({ queries, placeholder }) => {
      const input = document.querySelector<HTMLInputElement>(`input[placeholder="${placeholder}"]`);
      if (!input?.parentElement) throw new Error('campo de busca de produto não encontrado');
      const box = input.parentElement; // the combobox: the input and its listbox
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      input.focus();
      // Sets the value as typing does and resolves when React has changed the list.
      const type = (value: string) =>
        new Promise<{ ms: number; options: number; timedOut: boolean }>((resolve) => {
          let t0 = 0;
          const observer = new MutationObserver(() => {
            const ms = performance.now() - t0;
            observer.disconnect();
            clearTimeout(timer);
            resolve({ ms, options: box.querySelectorAll('[role="option"]').length, timedOut: false });
          });
          const timer = setTimeout(() => {
            observer.disconnect();
            resolve({ ms: performance.now() - t0, options: -1, timedOut: true });
          }, 3000);
          observer.observe(box, { childList: true, subtree: true, characterData: true });
          t0 = performance.now();
          setValue.call(input, value);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        });
      const out: { label: string; ms: number; detail: number; timedOut: boolean }[] = [];
      for (const query of queries) {
        if (input.value !== '') await type('');
        await new Promise((r) => setTimeout(r, 30));
        const r = await type(query);
        out.push({ label: query, ms: r.ms, detail: r.options, timedOut: r.timedOut });
      }
      if (input.value !== '') await type('');
      return out;
    },
    { queries, placeholder: PRODUCT_SEARCH },
  );
}
