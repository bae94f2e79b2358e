import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { usePermissions } from '../auth/use-permissions';
import { cn } from '../components/cn';
import { useLatest } from '../components/use-latest';
import { CloseIcon, StoreIcon } from '../components/icons';
import { navItemsFor } from './nav-items';

interface SidebarProps {
  drawerOpen: boolean;
  collapsed: boolean;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * While the drawer is open (small screens): focus moves into it, Tab and Shift+Tab stay
 * inside, Escape closes it, and on closing focus goes back where it was (the menu button).
 */
function useDrawerFocus(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLElement>(null);
  const onCloseRef = useLatest(onClose);
  useEffect(() => {
    const drawer = ref.current;
    if (!open || !drawer) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => [...drawer.querySelectorAll<HTMLElement>(FOCUSABLE)];
    // The drawer turns visible through a transition: focus as soon as it can take it.
    let frames = 0;
    let frame = 0;
    const focusFirst = () => {
      const first = focusables()[0];
      first?.focus();
      if (first && document.activeElement !== first && frames++ < 30) frame = requestAnimationFrame(focusFirst);
    };
    focusFirst();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const inside = drawer!.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      // Back to where the person was, unless the drawer closed by moving them elsewhere.
      if (before && (drawer.contains(document.activeElement) || document.activeElement === document.body)) {
        before.focus();
      }
    };
  }, [open, onCloseRef]);
  return ref;
}

export function Sidebar({ drawerOpen, collapsed, onClose }: SidebarProps) {
  const { isAdmin } = usePermissions();
  const drawerRef = useDrawerFocus(drawerOpen, onClose);
  return (
    <>
      {drawerOpen ? (
        <div
          data-testid="sidebar-overlay"
          aria-hidden="true"
          onClick={onClose}
          className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden"
        />
      ) : null}
      <aside
        ref={drawerRef}
        id="app-sidebar"
        aria-label="Menu principal"
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white',
          'transition-[translate,visibility] duration-200',
          drawerOpen ? 'visible translate-x-0' : 'invisible -translate-x-full lg:visible',
          collapsed ? 'lg:hidden' : 'lg:static lg:translate-x-0',
        )}
      >
        <div className="flex h-16 items-center justify-between gap-3 border-b border-slate-200 px-5">
          <div className="flex items-center gap-3">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-blue-700 text-white">
              <StoreIcon className="h-5 w-5" />
            </span>
            <div>
              <h2 className="text-lg font-bold leading-tight text-slate-900">Balcão</h2>
              <p className="text-xs text-slate-500">Sistema de Gestão</p>
            </div>
          </div>
          <button
            type="button"
            aria-label="Fechar menu"
            onClick={onClose}
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 lg:hidden"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto p-3">
          <ul className="flex flex-col gap-1">
            {navItemsFor(isAdmin).map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/'}
                  className={({ isActive }) =>
                    cn(
                      'flex h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors',
                      isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  <Icon className="h-5 w-5 shrink-0" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
