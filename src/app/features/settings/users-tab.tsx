// Usuários: list, create, edit, delete; the list reloads after each change (spec §7).
import { useEffect, useState } from 'react';
import type { User } from '../../../shared/contract';
import { useSession } from '../../auth/session-context';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardHeader } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PlusIcon } from '../../components/icons';
import { LoadingState } from '../../components/spinner';
import { EmptyRow, TBody, THead, Table, Td, Th } from '../../components/table';
import { toast, toastError } from '../../components/toast-store';
import { RowActions } from '../../components/row-actions';
import { describeError } from '../../lib/api-error';
import { useDeleteUser, useUsers } from './api';
import { CreateUserDialog, EditUserDialog, ROLE_LABELS } from './user-dialogs';

export function UsersTab() {
  const { user: currentUser } = useSession();
  const usersQuery = useUsers();
  const deleteMutation = useDeleteUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);

  useEffect(() => {
    if (usersQuery.error)
      toastError('Erro ao buscar usuários', describeError(usersQuery.error, 'Erro ao buscar usuários'));
  }, [usersQuery.error]);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deleteMutation.mutateAsync(toDelete.id);
      toast({ title: 'Usuário excluído', description: 'Usuário excluído com sucesso!' });
    } catch (error) {
      toastError('Erro ao excluir usuário', describeError(error, 'Erro ao excluir usuário'));
    } finally {
      setToDelete(null);
    }
  }

  return (
    <Card>
      <CardHeader
        title="Usuários"
        description="Pessoas com acesso ao sistema desta loja."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon className="h-4 w-4" />
            Novo Usuário
          </Button>
        }
      />
      {usersQuery.isPending ? (
        <LoadingState text="Carregando usuários..." />
      ) : (
        <Table aria-label="Usuários">
          <THead>
            <tr>
              <Th>Nome</Th>
              <Th>E-mail</Th>
              <Th>Perfil</Th>
              <Th>Status</Th>
              <Th className="text-right">Ações</Th>
            </tr>
          </THead>
          <TBody>
            {usersQuery.isError ? <EmptyRow colSpan={5} text="Erro ao buscar usuários" /> : null}
            {usersQuery.data?.length === 0 ? <EmptyRow colSpan={5} text="Nenhum usuário cadastrado." /> : null}
            {usersQuery.data?.map((user) => (
              <tr key={user.id} className="hover:bg-slate-50">
                <Td className="font-medium text-slate-900">
                  {user.name}
                  {user.id === currentUser?.id ? <span className="ml-2 text-xs text-slate-500">(você)</span> : null}
                </Td>
                <Td>{user.email}</Td>
                <Td>
                  <Badge tone={user.role === 'admin' ? 'blue' : 'gray'}>{ROLE_LABELS[user.role]}</Badge>
                </Td>
                <Td>
                  <Badge tone={user.active ? 'green' : 'red'}>{user.active ? 'Ativo' : 'Inativo'}</Badge>
                </Td>
                <Td className="whitespace-nowrap text-right">
                  <RowActions onEdit={() => setEditing(user)} onDelete={() => setToDelete(user)} />
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
      {creating ? <CreateUserDialog onClose={() => setCreating(false)} /> : null}
      {editing ? <EditUserDialog user={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir usuário"
        message={`Tem certeza que deseja excluir o usuário ${toDelete?.name ?? ''}? Esta ação não pode ser desfeita.`}
        pending={deleteMutation.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Card>
  );
}
