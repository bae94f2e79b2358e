// The permission context of spec §6: who is signed in and what they may do.
import { useMemo } from 'react';
import type { User } from '../../shared/contract';
import { guardAllows, hasPermission, type Permission } from '../../shared/permissions';
import { useSession } from './session-context';

export interface Permissions {
  user: User | null;
  isAdmin: boolean;
  isUser: boolean;
  can(permission: Permission): boolean;
  /** The screen guard rule: with a key the user needs it; without one, admins only. */
  allows(permission?: Permission): boolean;
}

export function usePermissions(): Permissions {
  const { user } = useSession();
  return useMemo(() => {
    const role = user?.role ?? null;
    return {
      user,
      isAdmin: role === 'admin',
      isUser: role === 'user',
      can: (permission: Permission) => hasPermission(role, permission),
      allows: (permission?: Permission) => guardAllows(role, permission),
    };
  }, [user]);
}
