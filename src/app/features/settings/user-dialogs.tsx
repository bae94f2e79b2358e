// Create and edit user dialogs (spec §5: required fields checked before the contract).
import { UserCreateSchema, UserUpdateSchema, type User } from '../../../shared/contract/users';
import type { Role } from '../../../shared/permissions';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';
import { toast, toastError } from '../../components/toast-store';
import { useFormSave } from '../../components/use-form-save';
import { useFormValues } from '../../components/use-form-values';
import { validateForm } from '../../lib/form-errors';
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
  const mutation = useCreateUser();
  const { errors, save } = useFormSave('Erro ao criar usuário', onClose, (reason, answered) =>
    answered ? `${reason} — a rota POST /api/users não está funcionando no backend.` : reason,
  );
  const { values, set, text } = useFormValues(
    { name: '', email: '', password: '', role: 'user' as Role },
    { errors, disabled: mutation.isPending },
  );

  function onSubmit() {
    if (!values.name.trim() || !values.email.trim() || !values.password.trim()) {
      toastError('Erro', 'Todos os campos são obrigatórios');
      return;
    }
    void save(
      validateForm(UserCreateSchema, values),
      (value) => mutation.mutateAsync(value),
      () => toast({ title: 'Usuário criado', description: 'Usuário criado com sucesso!' }),
    );
  }

  return (
    <FormDialog
      title="Novo Usuário"
      saving={mutation.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Criar Usuário"
      savingLabel="Criando..."
      className="flex flex-col gap-4"
    >
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
        onChange={(role) => set('role', role)}
        disabled={mutation.isPending}
        error={errors.role}
      />
    </FormDialog>
  );
}

export function EditUserDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const mutation = useUpdateUser();
  const { errors, save } = useFormSave('Erro ao atualizar usuário', onClose);
  const { values, set, text } = useFormValues(
    { name: user.name, email: user.email, role: user.role, active: user.active },
    { errors, disabled: mutation.isPending },
  );

  function onSubmit() {
    if (!values.name.trim() || !values.email.trim()) {
      toastError('Erro', 'Nome e email são obrigatórios');
      return;
    }
    void save(
      validateForm(UserUpdateSchema, values),
      (value) => mutation.mutateAsync({ id: user.id, value }),
      () => toast({ title: 'Usuário atualizado', description: 'Usuário atualizado com sucesso!' }),
    );
  }

  return (
    <FormDialog
      title="Editar Usuário"
      saving={mutation.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Salvar"
      className="flex flex-col gap-4"
    >
      <TextField label="Nome" autoComplete="off" {...text('name')} />
      <TextField label="E-mail" type="email" autoComplete="off" {...text('email')} />
      <RoleSelect
        value={values.role}
        onChange={(role) => set('role', role)}
        disabled={mutation.isPending}
        error={errors.role}
      />
      <CheckboxField
        label="Ativo"
        checked={values.active}
        onChange={(active) => set('active', active)}
        disabled={mutation.isPending}
      />
    </FormDialog>
  );
}
