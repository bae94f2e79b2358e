// The signed-in frame: sidebar, top bar (with the sync status) and the current screen.
// Logout warns first while sales or account changes recorded here are not yet on the server.
// The first Tab reaches 'Pular para o conteúdo', which moves the keyboard into <main>.
// <main> is a tab stop only while it scrolls with nothing inside that the keyboard can reach
// (then Tab still lets the keyboard scroll it); otherwise only the skip link focuses it.
import { Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session-context';
import type { ConfirmDialogProps } from '../components/confirm-dialog';
import { lazyPart } from '../components/lazy-part';
import { LoadingState } from '../components/spinner';
import { toast } from '../components/toast-store';
import { unsyncedText, unsyncedTitle } from '../features/sync/sync-format';
import { SyncStatus } from '../features/sync/sync-status';
import { useUnsyncedCounts } from '../offline/hooks';
import { screenCommitted } from '../offline/screen-painted';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

// Loaded when first asked for: only signing out with changes still on the device asks.
const ConfirmDialog = lazyPart<'ConfirmDialog', ConfirmDialogProps>(
  () => import('../components/confirm-dialog'),
  'ConfirmDialog',
);

const MAIN_ID = 'conteudo';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Makes <main> a tab stop only while it scrolls and holds nothing focusable. */
function useMainTabStop(main: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      const scrolls = el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth;
      el.tabIndex = scrolls && !el.querySelector(FOCUSABLE) ? 0 : -1;
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(el, { childList: true, subtree: true });
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    sizes?.observe(el);
    // In the next frame, not now: read now, the sizes forced the browser to lay out the
    // whole screen inside the commit of its first render (~40 ms of a phone's main thread
    // in the same long task); in the frame, that layout is the one the paint needs anyway.
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      mutations.disconnect();
      sizes?.disconnect();
    };
  }, [main]);
}

export function AppLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const unsynced = useUnsyncedCounts();
  const [loggingOut, setLoggingOut] = useState(false);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  useMainTabStop(mainRef);
  // The device's database opens once this first frame is painted (screen-painted.ts).
  useEffect(screenCommitted, []);

  async function handleLogout() {
    setLoggingOut(true);
    await logout();
    setConfirmingLogout(false);
    toast({ title: 'Logout realizado', description: 'Você foi desconectado com sucesso.' });
    navigate('/login', { replace: true });
  }

  function requestLogout() {
    if (unsynced.sales + unsynced.changes > 0) setConfirmingLogout(true);
    else void handleLogout();
  }

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only z-[110] rounded-md bg-white text-sm font-medium text-blue-700 shadow-lg focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:px-4 focus:py-2 focus:outline-none focus:ring-2 focus:ring-blue-500"
      >
        Pular para o conteúdo
      </a>
      <Sidebar drawerOpen={sidebar.drawerOpen} collapsed={sidebar.collapsed} onClose={sidebar.closeDrawer} />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar
          userName={user?.name}
          sidebarExpanded={sidebar.expanded}
          onToggleMenu={sidebar.toggle}
          onLogout={requestLogout}
          loggingOut={loggingOut}
          extra={<SyncStatus />}
        />
        {/* The scrolling region: the skip link focuses it, and so does Tab when nothing inside can be.
            Positioned, so what is absolutely placed inside it (the sr-only texts of a table's
            buttons) scrolls with it: placed against the page instead, it made the page itself
            scroll when a field took the focus, lifting the header away and the bar at the
            bottom off the bottom of a phone's screen. */}
        <main
          ref={mainRef}
          id={MAIN_ID}
          tabIndex={-1}
          aria-label="Conteúdo"
          className="relative flex-1 overflow-y-auto p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500 sm:p-6 lg:p-8"
        >
          <Suspense fallback={<LoadingState text="Carregando..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {confirmingLogout ? (
        <ConfirmDialog
          open
          title={unsyncedTitle(unsynced)}
          message={unsyncedText(unsynced)}
          confirmLabel="Sair mesmo assim"
          pendingLabel="Saindo..."
          pending={loggingOut}
          onConfirm={() => void handleLogout()}
          onCancel={() => setConfirmingLogout(false)}
        />
      ) : null}
    </div>
  );
}
