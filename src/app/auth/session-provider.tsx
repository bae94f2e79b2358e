// The session (spec §4): restored on load from stored tokens via /auth/me, set by login,
// cleared by logout or by a refresh the server refused. Offline-first (DESIGN.md): when
// /auth/me cannot reach the server, the last user this device saw signed in is trusted,
// so a till that opens without network keeps selling; the user is checked again when
// the network returns.
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { User } from '../../shared/contract';
import { toast } from '../components/toast-store';
import { serverUnavailable } from '../lib/retry-policy';
import { tokenStore } from '../lib/api';
import { onSessionExpired } from '../lib/session-events';
import { hasRestorableSession } from '../lib/token-store';
import { loadOfflineRuntime } from '../offline/load-offline-runtime';
import { screenPainted } from '../offline/screen-painted';
import { fetchCurrentUser, loginRequest, logoutRequest } from './auth-api';
import { SessionContext, type Session, type SessionStatus } from './session-context';

interface State {
  status: SessionStatus;
  user: User | null;
  /** false while the user comes from the device's memory (server not reached yet) */
  verified: boolean;
}

const ANONYMOUS: State = { status: 'anonymous', user: null, verified: true };

function initialState(): State {
  return hasRestorableSession(tokenStore) ? { status: 'loading', user: null, verified: false } : ANONYMOUS;
}

// The device's memory of the session lives in IndexedDB, whose code loads after the
// first paint: each use waits for it (and never fails the session).
function forgetSession(): Promise<void> {
  return loadOfflineRuntime()
    .then((runtime) => runtime.forgetSession())
    .catch(() => undefined);
}

function rememberUser(user: User): Promise<void> {
  return loadOfflineRuntime()
    .then((runtime) => runtime.rememberUser(user))
    .catch(() => undefined);
}

function lastKnownUser(): Promise<User | null> {
  return loadOfflineRuntime()
    .then((runtime) => runtime.lastKnownUser())
    .catch(() => null);
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
    // The restored session's first screen (layout and the screen asked for) renders as a
    // transition, in slices, as the app's first render does (main.tsx): one long task
    // would hold a phone's first tap.
    const restored = (next: State) => {
      if (!cancelled) startTransition(() => setState(next));
    };
    fetchCurrentUser()
      .then((user) => {
        // Written once the screen is up: the device's database waits for that (screen-painted.ts).
        void screenPainted().then(() => rememberUser(user));
        restored({ status: 'authenticated', user, verified: true });
      })
      .catch(async (error: unknown) => {
        if (serverUnavailable(error)) {
          // Offline: keep the tokens; with a known user the till goes on working.
          const lastUser = await lastKnownUser();
          restored(lastUser ? { status: 'authenticated', user: lastUser, verified: false } : ANONYMOUS);
          return;
        }
        tokenStore.clear();
        await forgetSession();
        if (!cancelled) setState(ANONYMOUS);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // A session restored from memory is confirmed with the server once the network is back.
  const unverified = state.status === 'authenticated' && !state.verified;
  useEffect(() => {
    if (!unverified) return;
    let done = false;
    const verify = () => {
      fetchCurrentUser()
        .then((user) => {
          if (done) return;
          done = true;
          void rememberUser(user);
          setState({ status: 'authenticated', user, verified: true });
        })
        .catch(() => {
          // Transient: try again at the next 'online'. A refused session ends through
          // onSessionExpired (the refresh coordinator reports it).
        });
    };
    window.addEventListener('online', verify);
    return () => {
      done = true;
      window.removeEventListener('online', verify);
    };
  }, [unverified]);

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
        void forgetSession();
        setState(ANONYMOUS);
      }),
    [queryClient],
  );

  const login = useCallback(
    async (email: string, password: string, tenantId: string) => {
      const result = await loginRequest(email, password, tenantId);
      tokenStore.setTokens(result);
      queryClient.clear();
      // Another person's cached screens must not show; their pending sales stay queued.
      await forgetSession();
      await rememberUser(result.user);
      setState({ status: 'authenticated', user: result.user, verified: true });
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
      // Cached data and tokens go; the outbox, local sales and the catalogue stay.
      await forgetSession();
      setState(ANONYMOUS);
    }
  }, [queryClient]);

  const session = useMemo<Session>(
    () => ({ status: state.status, user: state.user, login, logout }),
    [state.status, state.user, login, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
