// Screen guard of spec §6: with a key the user needs that permission; without, admins only.
import type { ReactNode } from 'react';
import type { Permission } from '../../../shared/permissions';
import { usePermissions } from '../../auth/use-permissions';
import { Card, CardContent } from '../../components/card';
import { AlertIcon } from '../../components/icons';

export const ACCESS_DENIED_TEXT = 'Você não tem permissão para acessar este recurso.';

export function PermissionGuard({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const { allows } = usePermissions();
  if (allows(permission)) return children;
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <AlertIcon aria-hidden="true" className="h-10 w-10 text-red-600" />
        {/* The page's one h1: the screen's own title is not shown. */}
        <div role="alert">
          <h1 className="text-base font-medium text-slate-800">{ACCESS_DENIED_TEXT}</h1>
        </div>
      </CardContent>
    </Card>
  );
}
