// Top bar: menu toggle, an area for status widgets (`extra`), bell, user name, logout.
import type { ReactNode } from 'react';
import { BellIcon, LogOutIcon, MenuIcon } from '../components/icons';

interface TopBarProps {
  userName: string | undefined;
  sidebarExpanded: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  /** Room for status indicators (connection, pending changes) left of the bell. */
  extra?: ReactNode;
}

const ICON_BUTTON =
  'inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-50';

export function TopBar({ userName, sidebarExpanded, onToggleMenu, onLogout, loggingOut, extra }: TopBarProps) {
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-5">
      <button
        type="button"
        aria-label="Alternar menu"
        aria-controls="app-sidebar"
        aria-expanded={sidebarExpanded}
        onClick={onToggleMenu}
        className={ICON_BUTTON}
      >
        <MenuIcon />
      </button>
      <div className="flex-1" />
      {extra}
      <button type="button" aria-label="Notificações" className={ICON_BUTTON}>
        <BellIcon />
      </button>
      {/* Whole on a phone too: two short lines rather than a cut name. */}
      <span
        className="line-clamp-2 max-w-[7.5rem] break-words px-1 text-xs font-medium leading-tight text-slate-800 sm:max-w-[14rem] sm:px-2 sm:text-sm"
        data-testid="user-name"
      >
        {userName || 'Usuário'}
      </span>
      <button
        type="button"
        title="Sair"
        aria-label="Sair"
        onClick={onLogout}
        disabled={loggingOut}
        className={ICON_BUTTON}
      >
        <LogOutIcon />
      </button>
    </header>
  );
}
