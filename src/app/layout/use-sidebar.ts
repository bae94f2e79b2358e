// Sidebar state: a drawer under SIDEBAR_DESKTOP_BREAKPOINT_PX, which closes on overlay
// click, on navigation, and when the window grows to the desktop width.
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDEBAR_DESKTOP_BREAKPOINT_PX } from '../../shared/constants';

const DESKTOP_QUERY = `(min-width: ${SIDEBAR_DESKTOP_BREAKPOINT_PX}px)`;

function isDesktop(): boolean {
  if (typeof window === 'undefined') return true;
  if (typeof window.matchMedia === 'function') return window.matchMedia(DESKTOP_QUERY).matches;
  return window.innerWidth >= SIDEBAR_DESKTOP_BREAKPOINT_PX;
}

function subscribeDesktop(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(DESKTOP_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useSidebar() {
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  const location = useLocation();

  useEffect(() => {
    function onResize() {
      if (isDesktop()) setDrawerOpen(false);
    }
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Leaving a page closes the drawer (the person picked an entry).
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setDrawerOpen(false);
  }

  const toggle = useCallback(() => {
    if (isDesktop()) setCollapsed((c) => !c);
    else setDrawerOpen((o) => !o);
  }, []);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  /** Whether the menu shows: the drawer on small screens, the side column on a desktop. */
  const expanded = desktop ? !collapsed : drawerOpen;

  return { drawerOpen, collapsed, expanded, toggle, closeDrawer };
}
