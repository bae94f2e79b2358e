// Geral: the store's information (company fields, theme, currency) via /company/me.
import { CompanyUpdateSchema, THEMES, type Company } from '../../../shared/contract/company';
import { formatDocument, formatPhone } from '../../../shared/documents';
import { QueryContent } from '../../components/list-card';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField, TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { useErrorToast } from '../../components/use-error-toast';
import { useFormValues } from '../../components/use-form-values';
import { describeError } from '../../lib/api-error';
import { fieldErrorsFrom, validateForm } from '../../lib/form-errors';
import { useCompany, useUpdateCompany } from './api';
import { PixSettingsCard } from './pix-settings-card';
import { SettingsForm } from './settings-form';

type Theme = (typeof THEMES)[number];

interface CompanyFormValues {
  name: string;
  cnpj: string;
  phone: string;
  email: string;
  address: string;
  theme: Theme;
  currency: 'BRL';
}

function toForm(company: Company): CompanyFormValues {
  return {
    name: company.name,
    cnpj: formatDocument(company.cnpj),
    phone: formatPhone(company.phone),
    email: company.email ?? '',
    address: company.address ?? '',
    theme: (THEMES as readonly string[]).includes(company.theme) ? (company.theme as Theme) : 'claro',
    currency: 'BRL',
  };
}

const THEME_LABELS: Record<Theme, string> = { claro: 'Claro', escuro: 'Escuro' };

function CompanyForm({ company }: { company: Company }) {
  const mutation = useUpdateCompany();
  const { values, setValues, set, text, errors, setErrors } = useFormValues(() => toForm(company), {
    disabled: mutation.isPending,
  });

  async function onSubmit() {
    const checked = validateForm(CompanyUpdateSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError('Erro ao salvar informações da empresa', checked.message);
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(checked.value);
      toast({ title: 'Informações salvas', description: 'As informações da empresa foram atualizadas com sucesso!' });
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError('Erro ao salvar informações da empresa', describeError(error, 'Erro ao atualizar dados da empresa'));
    }
  }

  /** Shown formatted once the person leaves the field, however it was typed. */
  const reformat = (key: 'cnpj' | 'phone', format: (typed: string) => string) =>
    setValues((v) => ({ ...v, [key]: format(v[key]) }));

  return (
    <SettingsForm onSubmit={onSubmit} saving={mutation.isPending} saveLabel="Salvar Alterações">
      <TextField label="Nome da empresa" required className="sm:col-span-2" {...text('name')} />
      <TextField label="CNPJ" {...text('cnpj')} onBlur={() => reformat('cnpj', formatDocument)} />
      <TextField label="Telefone" type="tel" {...text('phone')} onBlur={() => reformat('phone', formatPhone)} />
      <TextField label="E-mail" type="email" {...text('email')} />
      <TextField label="Endereço" {...text('address')} />
      <SelectField
        label="Tema"
        value={values.theme}
        onChange={(e) => set('theme', e.target.value as Theme)}
        error={errors.theme}
        disabled={mutation.isPending}
      >
        {THEMES.map((theme) => (
          <option key={theme} value={theme}>
            {THEME_LABELS[theme]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Moeda"
        value={values.currency}
        onChange={() => undefined}
        error={errors.currency}
        disabled={mutation.isPending}
      >
        <option value="BRL">Real brasileiro (BRL)</option>
      </SelectField>
    </SettingsForm>
  );
}

export function GeneralTab() {
  const companyQuery = useCompany();

  useErrorToast(companyQuery.error, 'Erro ao carregar dados da empresa', 'Erro ao carregar dados da empresa', true);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader title="Informações da Loja" description="Dados da empresa exibidos no sistema." />
        <CardContent>
          <QueryContent
            query={companyQuery}
            loading="Carregando dados da empresa..."
            failed="Erro ao carregar dados da empresa"
            failedClassName="py-8"
          >
            {(company) => <CompanyForm key={companyQuery.dataUpdatedAt} company={company} />}
          </QueryContent>
        </CardContent>
      </Card>
      <PixSettingsCard />
    </div>
  );
}
