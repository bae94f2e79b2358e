// The user dialog: 'Novo Usuário' (with a password) or, given a user, 'Editar Usuário' (with
// 'Ativo'); spec §5: required fields checked before the contract.
import { UserCreateSchema, UserUpdateSchema, type User } from '../../../shared/contract/users';
import type { Role } from '../../../shared/permissions';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { FormDialog } from '../../components/form-dialog';
import { toast, toastError } from '../../components/toast-store';
import { useFormValues } from '../../components/use-form-values';
import { useRecordSave } from '../../components/use-record-save';
import { validateForm } from '../../lib/form-errors';
import { useCreateUser, useUpdateUser } from './api';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', user: 'Usuário' };

/** What each mode says. */
const WORDS = {
  create: {
    title: 'Novo Usuário',
    submitLabel: 'Criar Usuário',
    savingLabel: 'Criando...',
    failTitle: 'Erro ao criar usuário',
    required: 'Todos os campos são obrigatórios',
    done: { title: 'Usuário criado', description: 'Usuário criado com sucesso!' },
  },
  edit: {
    title: 'Editar Usuário',
    submitLabel: 'Salvar',
    savingLabel: undefined,
    failTitle: 'Erro ao atualizar usuário',
    required: 'Nome e email são obrigatórios',
    done: { title: 'Usuário atualizado', description: 'Usuário atualizado com sucesso!' },
  },
};

/** A new user when `user` is null, else that user edited. */
export function UserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const create = useCreateUser();
  const update = useUpdateUser();
  const words = user ? WORDS.edit : WORDS.create;
  const { errors, saving, add, edit } = useRecordSave(
    user,
    { create, update },
    words.failTitle,
    onClose,
    (reason, answered) =>
      answered && !user ? `${reason} — a rota POST /api/users não está funcionando no backend.` : reason,
  );
  const { values, set, text } = useFormValues(
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? 'user',
      active: user?.active ?? true,
    },
    { errors, disabled: saving },
  );

  function onSubmit() {
    const { name, email, password, role, active } = values;
    const required = user ? [name, email] : [name, email, password];
    if (required.some((v) => !v.trim())) {
      toastError('Erro', words.required);
      return;
    }
    const done = () => toast(words.done);
    if (user) void edit(validateForm(UserUpdateSchema, { name, email, role, active }), done);
    else void add(validateForm(UserCreateSchema, { name, email, password, role }), done);
  }

  return (
    <FormDialog
      title={words.title}
      saving={saving}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={words.submitLabel}
      savingLabel={words.savingLabel}
      className="flex flex-col gap-4"
    >
      <TextField label="Nome" autoComplete="off" {...text('name')} />
      <TextField label="E-mail" type="email" autoComplete="off" {...text('email')} />
      {user ? null : (
        <TextField
          label="Senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 6 caracteres."
          {...text('password')}
        />
      )}
      <SelectField
        label="Perfil"
        value={values.role}
        onChange={(e) => set('role', e.target.value as Role)}
        disabled={saving}
        error={errors.role}
      >
        <option value="user">{ROLE_LABELS.user}</option>
        <option value="admin">{ROLE_LABELS.admin}</option>
      </SelectField>
      {user ? (
        <CheckboxField label="Ativo" checked={values.active} onChange={(a) => set('active', a)} disabled={saving} />
      ) : null}
    </FormDialog>
  );
}
