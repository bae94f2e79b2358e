// Login (spec §2, §5, §8): the tenant comes from the host name; tenantId goes with the login.
import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../auth/session-context';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { useFormValues } from '../../components/use-form-values';
import { useCurrentTenant } from './api';
import { TenantStatus } from './tenant-status';

export const TENANT_NOT_LOADED_TEXT = 'Empresa não carregada. Aguarde um momento e tente novamente.';
const LOGIN_FAILED_FALLBACK = 'E-mail ou senha incorretos.';

function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

export function LoginScreen() {
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const tenantQuery = useCurrentTenant();
  const tenant = tenantQuery.data;
  const [submitting, setSubmitting] = useState(false);
  const { values, text } = useFormValues({ email: '', password: '' }, { disabled: submitting });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!tenant) {
      toastError('Erro no login', TENANT_NOT_LOADED_TEXT);
      return;
    }
    setSubmitting(true);
    try {
      await login(values.email, values.password, tenant.tenantId);
      toast({ title: 'Login realizado com sucesso!', description: 'Bem-vindo ao Balcão!' });
      navigate(redirectTarget(location.state), { replace: true });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : LOGIN_FAILED_FALLBACK;
      toastError('Erro no login', message);
      setSubmitting(false);
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-50 p-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 text-center">
          <h1 className="text-3xl font-bold tracking-tight text-blue-800">Balcão</h1>
          <p className="mt-1 text-sm text-slate-500">Sistema de Gestão</p>
        </div>
        <div className="mb-6">
          <TenantStatus
            tenant={tenant}
            loading={tenantQuery.isPending}
            error={tenantQuery.error}
            offline={tenantQuery.fetchStatus === 'paused'}
          />
        </div>
        <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4" aria-label="Entrar">
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="username"
            placeholder="email"
            required
            {...text('email')}
          />
          <TextField
            label="Senha"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            {...text('password')}
          />
          <Button type="submit" className="mt-2 w-full" disabled={submitting}>
            {submitting ? 'Entrando...' : 'Entrar'}
          </Button>
        </form>
      </div>
    </main>
  );
}
