// Every screen is its own chunk so /login loads little JavaScript. The chunks are also
// fetched ahead of need (preloadRoute): at start for the address being opened, so the
// session check, the layout and the screen load together instead of one after the other,
// and on intent (a pointer over, a touch on or focus on a link to another screen).
import { lazy, type ComponentType } from 'react';
import { LAYOUT, LOGIN_SCREEN, SCREEN_ROUTES } from './route-table';

/** Runs a chunk's import once; later calls (React.lazy's too) get the same promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | null = null;
  return () =>
    (started ??= load().catch((err: unknown) => {
      started = null; // a chunk that failed (no network) is tried again next time
      throw err;
    }));
}

// Every module the route table names, each its own chunk (Vite turns the glob into one
// import() per file); keyed by their path from here.
const modules = import.meta.glob<Record<string, ComponentType>>([
  '../../features/*/*-screen.tsx',
  '../../layout/app-layout.tsx',
]);

/** The chunk of a module of the route table (path from src/app), imported once. */
function chunkOf(module: string): () => Promise<Record<string, ComponentType>> {
  const importer = modules[`../../${module}`];
  if (!importer) throw new Error(`${module} não é uma tela (route-table.ts)`);
  return once(importer);
}

const loadLogin = chunkOf(LOGIN_SCREEN.module);
const loadLayout = chunkOf(LAYOUT.module);

/** A lazy component over the same import a preload starts. */
function lazyScreen(load: () => Promise<Record<string, ComponentType>>, component: string) {
  return lazy(async () => ({ default: (await load())[component]! }));
}

export const LoginScreen = lazyScreen(loadLogin, LOGIN_SCREEN.component);
export const AppLayout = lazyScreen(loadLayout, LAYOUT.component);

/** Each signed-in screen by its first path segment: its chunk, and its lazy component. */
const SCREENS = new Map(
  SCREEN_ROUTES.map((route) => {
    const load = chunkOf(route.module);
    return [route.segment, { load, Screen: lazyScreen(load, route.component) }] as const;
  }),
);

/** The lazy component of a signed-in screen (routes.tsx). */
export function screenOf(segment: string): ComponentType {
  return SCREENS.get(segment)!.Screen;
}

/**
 * Starts loading the chunks a path needs: /login its screen; a signed-in screen the
 * layout and that screen. Unknown paths load nothing. A failed preload is forgotten: the
 * route's own import reports the error when it renders.
 */
export function preloadRoute(pathname: string): void {
  const segment = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  const screen = SCREENS.get(segment);
  const loads = segment === LOGIN_SCREEN.segment ? [loadLogin] : screen ? [loadLayout, screen.load] : [];
  for (const start of loads) start().catch(() => undefined);
}

/** Preloads the screen behind a same-origin link the person is about to use. */
export function preloadOnIntent(root: Document = document): () => void {
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) preloadRoute(link.pathname);
  };
  const events = ['pointerover', 'touchstart', 'focusin'] as const;
  for (const name of events) root.addEventListener(name, onIntent, { passive: true });
  return () => {
    for (const name of events) root.removeEventListener(name, onIntent);
  };
}
