// Configurações > Fiscal > 'Emitente e NFC-e': the store as its notes name it (razão social,
// CNPJ, IE, address with the IBGE code, regime), the Responsável Técnico, the QR code's
// settings (the CSC is write-only: shown as 'definido', typed only to change it) and what
// a product that leaves its CFOP, CSOSN or origem empty is emitted with. Checked with the
// contract's rules before it is sent. A Responsável Técnico the server's operator set comes
// prefilled, said so, and may be changed.
import { z } from 'zod/mini';
import {
  FiscalAddressSchema,
  FiscalEmitterSchema,
  TechResponsibleSchema,
  type FiscalSettingsUpdate,
  type FiscalSettingsView,
} from '../../../shared/contract/fiscal-settings';
import { CFOP_OPTIONS, CSOSN_OPTIONS, ORIGIN_OPTIONS } from '../../../shared/contract/product-fiscal';
import { formatDocument } from '../../../shared/documents';
import { UFS } from '../../../shared/fiscal/uf';
import { SelectField, TextField } from '../../components/field';
import { toast, toastError } from '../../components/toast-store';
import { useFormValues } from '../../components/use-form-values';
import { describeError } from '../../lib/api-error';
import { validateForm, type FieldErrors } from '../../lib/form-errors';
import { useUpdateFiscalSettings } from './fiscal-api';
import { SettingsForm } from './settings-form';

interface EmitterFormValues {
  legal_name: string;
  trade_name: string;
  cnpj: string;
  ie: string;
  crt: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city_name: string;
  city_code: string;
  uf: string;
  cep: string;
  phone: string;
  tech_cnpj: string;
  tech_contact: string;
  tech_email: string;
  tech_phone: string;
  csc_id: string;
  csc: string;
  qr_version: string;
  cfop: string;
  csosn: string;
  origin: string;
}

function toForm(view: FiscalSettingsView): EmitterFormValues {
  const e = view.emitter;
  const t = view.tech_responsible;
  return {
    legal_name: e?.legal_name ?? '',
    trade_name: e?.trade_name ?? '',
    cnpj: formatDocument(e?.cnpj),
    ie: e?.ie ?? '',
    crt: String(view.crt),
    street: e?.address.street ?? '',
    number: e?.address.number ?? '',
    complement: e?.address.complement ?? '',
    district: e?.address.district ?? '',
    city_name: e?.address.city_name ?? '',
    city_code: e?.address.city_code ?? '',
    uf: e?.address.uf ?? '',
    cep: e?.address.cep ?? '',
    phone: e?.address.phone ?? '',
    tech_cnpj: formatDocument(t?.cnpj),
    tech_contact: t?.contact ?? '',
    tech_email: t?.email ?? '',
    tech_phone: t?.phone ?? '',
    csc_id: view.csc_id ?? '',
    csc: '',
    qr_version: view.qr_version ? String(view.qr_version) : '',
    cfop: view.product_defaults.cfop,
    csosn: view.product_defaults.csosn,
    origin: String(view.product_defaults.origin),
  };
}

const prefixed = (errors: FieldErrors, prefix: string): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));

/** The change to send, or the fields' errors (under the form's names). */
function changeOf(
  v: EmitterFormValues,
): { ok: true; change: FiscalSettingsUpdate } | { ok: false; errors: FieldErrors } {
  const address = validateForm(FiscalAddressSchema, {
    street: v.street,
    number: v.number,
    complement: v.complement,
    district: v.district,
    city_code: v.city_code,
    city_name: v.city_name,
    uf: v.uf as never,
    cep: v.cep,
    phone: v.phone,
  });
  const emitter = validateForm(z.omit(FiscalEmitterSchema, { address: true }), {
    cnpj: v.cnpj,
    legal_name: v.legal_name,
    trade_name: v.trade_name,
    ie: v.ie,
  });
  const techTyped = [v.tech_cnpj, v.tech_contact, v.tech_email, v.tech_phone].some((s) => s.trim() !== '');
  const tech = techTyped
    ? validateForm(TechResponsibleSchema, {
        cnpj: v.tech_cnpj,
        contact: v.tech_contact,
        email: v.tech_email,
        phone: v.tech_phone,
      })
    : null;
  const errors: FieldErrors = {
    ...(address.ok ? {} : address.errors),
    ...(emitter.ok ? {} : emitter.errors),
    ...(tech && !tech.ok ? prefixed(tech.errors, 'tech_') : {}),
  };
  if (!address.ok || !emitter.ok || (tech && !tech.ok)) return { ok: false, errors };
  return {
    ok: true,
    change: {
      emitter: { ...emitter.value, address: address.value },
      crt: Number(v.crt) as 1 | 4,
      ...(tech?.ok ? { tech_responsible: tech.value } : {}),
      csc_id: v.csc_id.trim() === '' ? null : v.csc_id.trim(),
      // Empty: the CSC kept stays.
      ...(v.csc.trim() ? { csc: v.csc.trim() } : {}),
      qr_version: v.qr_version === '' ? null : (Number(v.qr_version) as 2 | 3),
      product_defaults: { cfop: v.cfop, csosn: v.csosn as never, origin: Number(v.origin) },
    },
  };
}

export const TECH_FROM_OPERATOR =
  'Preenchido pelo operador do servidor (a software house). Altere só se a loja tiver outro Responsável Técnico.';

export function FiscalEmitterForm({ view }: { view: FiscalSettingsView }) {
  const update = useUpdateFiscalSettings();
  const { values, set, text, errors, setErrors } = useFormValues(() => toForm(view), { disabled: update.isPending });

  async function onSubmit() {
    const checked = changeOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      toastError('Erro ao salvar os dados fiscais', Object.values(checked.errors)[0] ?? '');
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(checked.change);
      toast({ title: 'Dados fiscais salvos', description: 'O emitente e as configurações da NFC-e foram salvos.' });
    } catch (error) {
      toastError('Erro ao salvar os dados fiscais', describeError(error, 'Erro ao salvar os dados fiscais'));
    }
  }

  const select = (key: keyof EmitterFormValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
    disabled: update.isPending,
  });
  const listDefault = view.qr_version_in_use && !view.qr_version ? ` (v${view.qr_version_in_use})` : '';

  return (
    <SettingsForm onSubmit={onSubmit} saving={update.isPending} saveLabel="Salvar dados fiscais">
      <h3 className="text-sm font-semibold text-slate-800 sm:col-span-2">Emitente</h3>
      <TextField label="Razão social" required className="sm:col-span-2" {...text('legal_name')} />
      <TextField label="Nome fantasia" {...text('trade_name')} />
      <TextField label="CNPJ do emitente" required hint="O numérico ou o alfanumérico." {...text('cnpj')} />
      <TextField label="Inscrição estadual" required hint="Só números, ou ISENTO." {...text('ie')} />
      <SelectField label="Regime tributário (CRT)" {...select('crt')}>
        <option value="1">1 - Simples Nacional</option>
        <option value="4">4 - Simples Nacional - MEI</option>
        <option value="3" disabled>
          3 - Regime normal (ainda não emitido)
        </option>
      </SelectField>
      <TextField label="Logradouro" required {...text('street')} />
      <TextField label="Número" required {...text('number')} />
      <TextField label="Complemento" {...text('complement')} />
      <TextField label="Bairro" required {...text('district')} />
      <TextField label="Município" required {...text('city_name')} />
      <TextField label="Código IBGE do município" required hint="7 dígitos." {...text('city_code')} />
      <SelectField label="UF" {...select('uf')}>
        <option value="">Selecione</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </SelectField>
      <TextField label="CEP" required {...text('cep')} />
      <TextField label="Telefone do emitente" type="tel" {...text('phone')} />

      <h3 className="text-sm font-semibold text-slate-800 sm:col-span-2">Responsável Técnico</h3>
      {view.tech_responsible_from_operator ? (
        <p className="-mt-2 text-xs text-slate-500 sm:col-span-2">{TECH_FROM_OPERATOR}</p>
      ) : null}
      <TextField label="CNPJ do responsável técnico" {...text('tech_cnpj')} />
      <TextField label="Contato do responsável técnico" {...text('tech_contact')} />
      <TextField label="E-mail do responsável técnico" type="email" {...text('tech_email')} />
      <TextField label="Telefone do responsável técnico" type="tel" {...text('tech_phone')} />

      <h3 className="text-sm font-semibold text-slate-800 sm:col-span-2">QR Code</h3>
      <SelectField label="Versão do QR Code" {...select('qr_version')}>
        <option value="">Padrão da lista oficial{listDefault}</option>
        <option value="2">Versão 2 (com CSC)</option>
        <option value="3">Versão 3</option>
      </SelectField>
      <TextField label="Identificador do CSC (idCSC)" hint="Até 6 dígitos, como a SEFAZ deu." {...text('csc_id')} />
      <TextField
        label="CSC"
        type="password"
        autoComplete="off"
        className="sm:col-span-2"
        hint={view.csc_set ? 'CSC definido. Digite outro só para trocá-lo.' : 'Nenhum CSC definido.'}
        placeholder={view.csc_set ? 'definido' : ''}
        {...text('csc')}
      />

      <h3 className="text-sm font-semibold text-slate-800 sm:col-span-2">Padrões dos produtos</h3>
      <SelectField label="CFOP padrão" {...select('cfop')}>
        {CFOP_OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="CSOSN padrão" {...select('csosn')}>
        {CSOSN_OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Origem padrão" className="sm:col-span-2" {...select('origin')}>
        {ORIGIN_OPTIONS.map((o) => (
          <option key={o.code} value={String(o.code)}>
            {o.label}
          </option>
        ))}
      </SelectField>
    </SettingsForm>
  );
}
