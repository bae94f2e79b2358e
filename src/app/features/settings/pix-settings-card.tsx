// Configurações > Geral > 'Pix no caixa': the store's Pix key (its kind named by the admin:
// an 11-digit number may be a CPF or a phone), checked and saved as the Pix directory
// holds it (pix-key.ts), with the receiver's name and city as the BR Code carries them
// (accents removed, up to 25 and 15 characters). Nova Venda draws the QR from these.
import type { StoreSettings } from '../../../shared/contract/settings';
import { pixReceiverCity, pixReceiverName } from '../../../shared/pix/br-code';
import {
  guessPixKeyType,
  parsePixKey,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
} from '../../../shared/pix/pix-key';
import { Card, CardContent, CardHeader } from '../../components/card';
import { SelectField, TextField } from '../../components/field';
import { LoadingState } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { useFormValues } from '../../components/use-form-values';
import { describeError } from '../../lib/api-error';
import { fieldErrorsFrom, type FieldErrors } from '../../lib/form-errors';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';
import { SettingsForm } from './settings-form';

interface PixForm {
  type: PixKeyType;
  key: string;
  name: string;
  city: string;
}

const formOf = (s: StoreSettings): PixForm => ({
  type: guessPixKeyType(s.pix_key) ?? 'cpf',
  key: s.pix_key,
  name: s.pix_receiver_name,
  city: s.pix_city,
});

function PixSettingsForm({ settings }: { settings: StoreSettings }) {
  const update = useUpdateStoreSettings();
  const { values, setValues, set, text, setErrors } = useFormValues(() => formOf(settings), {
    disabled: update.isPending,
  });

  async function onSubmit() {
    const typed = values.key.trim();
    const parsed = typed === '' ? ({ ok: true, key: '' } as const) : parsePixKey(values.type, typed);
    const name = pixReceiverName(values.name);
    const city = pixReceiverCity(values.city);
    const problems: FieldErrors = {};
    if (!parsed.ok) problems.pix_key = parsed.message;
    if (typed !== '' && name === '') problems.pix_receiver_name = 'Informe o nome do recebedor.';
    if (typed !== '' && city === '') problems.pix_city = 'Informe a cidade do recebedor.';
    if (Object.keys(problems).length > 0 || !parsed.ok) {
      setErrors(problems);
      toastError('Erro ao salvar o Pix', Object.values(problems)[0] ?? '');
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({ pix_key: parsed.key, pix_receiver_name: name, pix_city: city });
      setValues(formOf(saved));
      toast({
        title: 'Pix salvo',
        description: saved.pix_key ? 'O QR Code do Pix aparece em Nova Venda.' : 'Pix removido.',
      });
    } catch (error) {
      setErrors(fieldErrorsFrom(error));
      toastError('Erro ao salvar o Pix', describeError(error, 'Erro ao salvar o Pix'));
    }
  }

  return (
    <SettingsForm onSubmit={onSubmit} saving={update.isPending} saveLabel="Salvar Pix">
      <SelectField
        label="Tipo de chave"
        value={values.type}
        onChange={(e) => set('type', e.target.value as PixKeyType)}
        disabled={update.isPending}
      >
        {PIX_KEY_TYPES.map((type) => (
          <option key={type} value={type}>
            {PIX_KEY_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField label="Chave Pix" autoComplete="off" {...text('key', 'pix_key')} />
      <TextField
        label="Nome do recebedor"
        maxLength={25}
        hint="Até 25 caracteres, sem acentos."
        {...text('name', 'pix_receiver_name')}
      />
      <TextField label="Cidade" maxLength={15} hint="Até 15 caracteres, sem acentos." {...text('city', 'pix_city')} />
    </SettingsForm>
  );
}

export function PixSettingsCard() {
  const settingsQuery = useStoreSettings();
  return (
    <Card>
      <CardHeader
        title="Pix no caixa"
        description="A chave Pix da loja: Nova Venda mostra o QR Code do Pix com o valor da venda, sem internet."
      />
      <CardContent>
        {settingsQuery.data ? (
          <PixSettingsForm key={settingsQuery.dataUpdatedAt} settings={settingsQuery.data} />
        ) : settingsQuery.isError ? (
          <p className="text-sm text-slate-600">Não foi possível carregar as configurações.</p>
        ) : (
          <LoadingState text="Carregando configurações..." />
        )}
      </CardContent>
    </Card>
  );
}
