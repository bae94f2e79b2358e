import { createContext, useContext } from 'react';
import type { User } from '../../shared/contract';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  user: User | null;
  /** Signs in; throws the request's error (its message is the server's text). */
  login(email: string, password: string, tenantId: string): Promise<User>;
  /** Signs out: tokens and user are cleared even when the server call fails. */
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession precisa de <SessionProvider>');
  return session;
}
