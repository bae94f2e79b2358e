// The signed-in frame: sidebar, top bar and the current screen.
import { Suspense, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session-context';
import { LoadingState } from '../components/spinner';
import { toast } from '../components/toast-store';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebar } from './use-sidebar';

export function AppLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const sidebar = useSidebar();
  const [loggingOut, setLoggingOut] = useState(false);

  async function handleLogout() {
    setLoggingOut(true);
    await logout();
    toast({ title: 'Logout realizado', description: 'Você foi desconectado com sucesso.' });
    navigate('/login', { replace: true });
  }

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50">
      <Sidebar drawerOpen={sidebar.drawerOpen} collapsed={sidebar.collapsed} onClose={sidebar.closeDrawer} />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar
          userName={user?.name}
          sidebarExpanded={sidebar.drawerOpen || !sidebar.collapsed}
          onToggleMenu={sidebar.toggle}
          onLogout={() => void handleLogout()}
          loggingOut={loggingOut}
        />
        <main className="flex-1 overflow-y-auto p-4 sm:p-6 lg:p-8">
          <Suspense fallback={<LoadingState text="Carregando..." />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
