// The session (spec §4): restored on load from stored tokens via /auth/me, set by login,
// cleared by logout or by a refresh the server refused.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '../../shared/contract';
import { toast } from '../components/toast-store';
import { isNetworkError } from '../lib/api-error';
import { tokenStore } from '../lib/api';
import { onSessionExpired } from '../lib/session-events';
import { hasRestorableSession } from '../lib/token-store';
import { fetchCurrentUser, loginRequest, logoutRequest } from './auth-api';
import { SessionContext, type Session, type SessionStatus } from './session-context';

interface State {
  status: SessionStatus;
  user: User | null;
}

function initialState(): State {
  return hasRestorableSession(tokenStore) ? { status: 'loading', user: null } : { status: 'anonymous', user: null };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>(initialState);

  useEffect(() => {
    if (!hasRestorableSession(tokenStore)) {
      tokenStore.clear();
      return;
    }
    let cancelled = false;
    fetchCurrentUser()
      .then((user) => {
        if (!cancelled) setState({ status: 'authenticated', user });
      })
      .catch((error: unknown) => {
        // Offline: keep the tokens so the session can resume; the server refused: drop them.
        if (!isNetworkError(error)) tokenStore.clear();
        if (!cancelled) setState({ status: 'anonymous', user: null });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const wasAuthenticated = useRef(false);
  useEffect(() => {
    wasAuthenticated.current = state.status === 'authenticated';
  }, [state.status]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (wasAuthenticated.current) {
          toast({ title: 'Sessão expirada', description: 'Entre novamente para continuar.', variant: 'destructive' });
        }
        queryClient.clear();
        setState({ status: 'anonymous', user: null });
      }),
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string, tenantId: string) => {
      const result = await loginRequest(email, password, tenantId);
      tokenStore.setTokens(result);
      queryClient.clear();
      setState({ status: 'authenticated', user: result.user });
      return result.user;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    const refreshToken = tokenStore.getRefreshToken();
    try {
      if (refreshToken) await logoutRequest(refreshToken);
    } catch {
      // Spec §4: the session ends on this device even when the server call fails.
    } finally {
      tokenStore.clear();
      queryClient.clear();
      setState({ status: 'anonymous', user: null });
    }
  }, [queryClient]);

  const session = useMemo<Session>(() => ({ ...state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
