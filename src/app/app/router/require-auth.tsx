// Authentication guard (spec §2): spinner while the session loads, /login without a user.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../auth/session-context';
import { LoadingState } from '../../components/spinner';

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <LoadingState text="Carregando..." fullPage />;
  if (status === 'anonymous')
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** The login screen is for signed-out people: a signed-in user goes to / (spec §2). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <LoadingState text="Carregando..." fullPage />;
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return children;
}
