// Create and edit user dialogs (spec §5: required fields checked before the contract).
import { useState, type FormEvent } from 'react';
import { UserCreateSchema, UserUpdateSchema, type User } from '../../../shared/contract/users';
import type { Role } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { Dialog, DialogFooter } from '../../components/dialog';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { fieldErrorsFrom, validateForm, type FieldErrors } from '../../lib/form-errors';
import { useCreateUser, useUpdateUser } from './api';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', user: 'Usuário' };

function RoleSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: Role;
  onChange: (r: Role) => void;
  disabled: boolean;
  error?: string;
}) {
  return (
    <SelectField
      label="Perfil"
      value={value}
      onChange={(e) => onChange(e.target.value as Role)}
      disabled={disabled}
      error={error}
    >
      <option value="user">{ROLE_LABELS.user}</option>
      <option value="admin">{ROLE_LABELS.admin}</option>
    </SelectField>
  );
}

export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ name: '', email: '', password: '', role: 'user' as Role });
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useCreateUser();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim() || !values.password.trim()) {
      toastError('Erro', 'Todos os campos são obrigatórios');
      return;
    }
    const checked = validateForm(UserCreateSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError('Erro ao criar usuário', checked.message);
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(checked.value);
      toast({ title: 'Usuário criado', description: 'Usuário criado com sucesso!' });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError(
        'Erro ao criar usuário',
        `${describeError(error, 'Erro ao criar usuário')} — a rota POST /api/users não está funcionando no backend.`,
      );
    }
  }

  const text = (key: 'name' | 'email' | 'password') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key],
    disabled: mutation.isPending,
  });

  return (
    <Dialog open onClose={() => !mutation.isPending && onClose()} title="Novo Usuário">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <TextField label="Nome" autoComplete="off" {...text('name')} />
        <TextField label="E-mail" type="email" autoComplete="off" {...text('email')} />
        <TextField
          label="Senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 6 caracteres."
          {...text('password')}
        />
        <RoleSelect
          value={values.role}
          onChange={(role) => setValues((v) => ({ ...v, role }))}
          disabled={mutation.isPending}
          error={errors.role}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Criando...' : 'Criar Usuário'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [values, setValues] = useState({ name: user.name, email: user.email, role: user.role, active: user.active });
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useUpdateUser();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.name.trim() || !values.email.trim()) {
      toastError('Erro', 'Nome e email são obrigatórios');
      return;
    }
    const checked = validateForm(UserUpdateSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError('Erro ao atualizar usuário', checked.message);
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync({ id: user.id, value: checked.value });
      toast({ title: 'Usuário atualizado', description: 'Usuário atualizado com sucesso!' });
      onClose();
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError('Erro ao atualizar usuário', describeError(error, 'Erro ao atualizar usuário'));
    }
  }

  const text = (key: 'name' | 'email') => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key],
    disabled: mutation.isPending,
  });

  return (
    <Dialog open onClose={() => !mutation.isPending && onClose()} title="Editar Usuário">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-4">
        <TextField label="Nome" autoComplete="off" {...text('name')} />
        <TextField label="E-mail" type="email" autoComplete="off" {...text('email')} />
        <RoleSelect
          value={values.role}
          onChange={(role) => setValues((v) => ({ ...v, role }))}
          disabled={mutation.isPending}
          error={errors.role}
        />
        <CheckboxField
          label="Ativo"
          checked={values.active}
          onChange={(active) => setValues((v) => ({ ...v, active }))}
          disabled={mutation.isPending}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
