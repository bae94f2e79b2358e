// Usuários: list, create, edit, delete; the list reloads after each change (spec §7).
// Narrow screens fold the e-mail (below md), the profile and the status (below sm) under
// the name, as the other tables do, so the actions always fit.
import { useState } from 'react';
import type { User } from '../../../shared/contract';
import { useSession } from '../../auth/session-context';
import { Badge } from '../../components/badge';
import { Card, CardHeader } from '../../components/card';
import { DeleteConfirm } from '../../components/confirm-dialog';
import { AddButton } from '../../components/list-card';
import { LoadingState } from '../../components/spinner';
import { cn } from '../../components/cn';
import { ColumnHeads, EmptyRow, FOLD, TBody, Table, Td, type Column } from '../../components/table';
import { ACTIONS_COLUMN, RowActionsCell } from '../../components/row-actions';
import { useErrorToast } from '../../components/use-error-toast';
import { useDeleteUser, useUsers } from './api';
import { ROLE_LABELS, UserDialog } from './user-dialog';

const RoleBadge = ({ role }: { role: User['role'] }) => (
  <Badge tone={role === 'admin' ? 'blue' : 'gray'}>{ROLE_LABELS[role]}</Badge>
);

const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge tone={active ? 'green' : 'red'}>{active ? 'Ativo' : 'Inativo'}</Badge>
);

const COLUMNS: readonly Column[] = [
  { label: 'Nome' },
  { label: 'E-mail', className: FOLD.from.md },
  { label: 'Perfil', className: FOLD.from.sm },
  { label: 'Status', className: FOLD.from.sm },
  ACTIONS_COLUMN,
];

export function UsersTab() {
  const { user: currentUser } = useSession();
  const usersQuery = useUsers();
  const deleteMutation = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);

  useErrorToast(usersQuery.error, 'Erro ao buscar usuários', 'Erro ao buscar usuários', true);

  return (
    <Card>
      <CardHeader
        title="Usuários"
        description="Pessoas com acesso ao sistema desta loja."
        actions={<AddButton label="Novo Usuário" onClick={() => setCreating(true)} />}
      />
      {usersQuery.isPending ? (
        <LoadingState text="Carregando usuários..." />
      ) : (
        <Table aria-label="Usuários">
          <ColumnHeads columns={COLUMNS} />
          <TBody>
            {usersQuery.isError ? <EmptyRow colSpan={COLUMNS.length} text="Erro ao buscar usuários" /> : null}
            {usersQuery.data?.length === 0 ? (
              <EmptyRow colSpan={COLUMNS.length} text="Nenhum usuário cadastrado." />
            ) : null}
            {usersQuery.data?.map((user) => (
              <tr key={user.id} className="hover:bg-slate-50">
                <Td>
                  <div className="font-medium text-slate-900">
                    {user.name}
                    {user.id === currentUser?.id ? <span className="ml-2 text-xs text-slate-500">(você)</span> : null}
                  </div>
                  {/* Narrower screens: the folded columns under the name. */}
                  <div className={cn(FOLD.upTo.md, 'mt-0.5 break-all text-xs text-slate-600')}>{user.email}</div>
                  <div className={cn(FOLD.upTo.sm, 'mt-1 flex flex-wrap gap-1.5')}>
                    <RoleBadge role={user.role} />
                    <StatusBadge active={user.active} />
                  </div>
                </Td>
                <Td className={cn(FOLD.from.md, 'break-all')}>{user.email}</Td>
                <Td className={FOLD.from.sm}>
                  <RoleBadge role={user.role} />
                </Td>
                <Td className={FOLD.from.sm}>
                  <StatusBadge active={user.active} />
                </Td>
                <RowActionsCell row={user} onEdit={setEditing} onDelete={setToDelete} />
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      {creating ? <UserDialog user={null} onClose={() => setCreating(false)} /> : null}
      {editing ? <UserDialog user={editing} onClose={() => setEditing(null)} /> : null}
      <DeleteConfirm
        row={toDelete}
        title="Excluir usuário"
        message={`Tem certeza que deseja excluir o usuário ${toDelete?.name ?? ''}? Esta ação não pode ser desfeita.`}
        remove={deleteMutation}
        done={{ title: 'Usuário excluído', description: 'Usuário excluído com sucesso!' }}
        failTitle="Erro ao excluir usuário"
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}
