// Route chunks load ahead of need: at start for the address opened (the layout and the
// screen together), and on intent for a link the person points at, touches or focuses.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { preloadOnIntent, preloadRoute } from './lazy-screens';

const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../../layout/app-layout', () => (loaded.push('layout'), { AppLayout: () => null }));
vi.mock('../../features/login/login-screen', () => (loaded.push('login'), { LoginScreen: () => null }));
vi.mock('../../features/sales/sales-screen', () => (loaded.push('sales'), { SalesScreen: () => null }));
vi.mock('../../features/products/products-screen', () => (loaded.push('products'), { ProductsScreen: () => null }));
vi.mock(
  '../../features/receivables/receivables-screen',
  () => (loaded.push('receivables'), { ReceivablesScreen: () => null }),
);

const settle = () => new Promise((r) => setTimeout(r, 0));
let stop: () => void = () => {};

beforeEach(() => {
  loaded.length = 0;
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

it('a signed-in screen loads with the layout; /login alone; unknown paths nothing', async () => {
  preloadRoute('/nao-existe/1');
  await settle();
  expect(loaded).toEqual([]);
  preloadRoute('/vendas');
  await vi.waitFor(() => expect([...loaded].sort()).toEqual(['layout', 'sales']));
  preloadRoute('/login');
  await vi.waitFor(() => expect(loaded).toContain('login'));
  expect(loaded).not.toContain('products');
  // Each chunk is imported once, however often it is asked for.
  preloadRoute('/vendas?x=1');
  await settle();
  expect(loaded.filter((m) => m === 'sales')).toHaveLength(1);
});

it('pointing at, touching or focusing a link loads its screen; other links do not', async () => {
  stop = preloadOnIntent(document);
  document.body.innerHTML =
    '<nav><a href="/produtos"><span>Produtos</span></a><a href="/receber">Receber</a>' +
    '<a href="https://example.com/vendas">fora</a></nav>';
  const [products, receivables, outside] = [...document.querySelectorAll('a')];
  outside!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  await settle();
  expect(loaded).not.toContain('sales');
  products!.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
  await vi.waitFor(() => expect(loaded).toContain('products'));
  expect(loaded).not.toContain('receivables');
  receivables!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await vi.waitFor(() => expect(loaded).toContain('receivables'));
});
