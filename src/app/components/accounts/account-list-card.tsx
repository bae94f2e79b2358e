// The list card of an account screen (Contas a Pagar, Contas a Receber): 'Lista de
// Contas', with how many of its accounts are overdue, if any.
import type { ComponentProps } from 'react';
import { Badge } from '../badge';
import { ListCard } from '../list-card';

export function AccountListCard<T>({
  overdue = 0,
  ...props
}: Omit<ComponentProps<typeof ListCard<T>>, 'title' | 'actions'> & { overdue?: number }) {
  return (
    <ListCard
      title="Lista de Contas"
      actions={overdue > 0 ? <Badge tone="red">{`${overdue} conta(s) vencida(s)`}</Badge> : null}
      {...props}
    />
  );
}
