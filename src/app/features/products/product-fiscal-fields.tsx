// The product form's 'Dados fiscais (NFC-e)': what its item on a note carries. Empty
// (or 'Padrão da loja') takes the store's default when a note is made (Configurações >
// Fiscal); NCM has none and is required to emit.
import { CFOP_OPTIONS, CSOSN_OPTIONS, ORIGIN_OPTIONS } from '../../../shared/contract/product-fiscal';
import { SelectField, TextField } from '../../components/field';

type FiscalKey = 'ncm' | 'cest' | 'cfop' | 'csosn' | 'origin' | 'unit';

interface Props {
  /** The form's binding of a text value (use-form-values.ts). */
  text: (key: FiscalKey) => {
    value: string;
    onChange: (e: { target: { value: string } }) => void;
    error?: string;
    disabled: boolean;
  };
}

const STORE_DEFAULT = 'Padrão da loja';

export function ProductFiscalFields({ text }: Props) {
  return (
    <>
      <h3 className="pt-2 text-sm font-semibold text-slate-700 sm:col-span-2">Dados fiscais (NFC-e)</h3>
      <TextField
        label="NCM"
        autoComplete="off"
        inputMode="numeric"
        placeholder="0000.00.00"
        hint="Obrigatório para emitir a nota"
        {...text('ncm')}
      />
      <TextField label="CEST" autoComplete="off" inputMode="numeric" placeholder="Só com ST" {...text('cest')} />
      <SelectField label="CFOP" {...text('cfop')}>
        <option value="">{STORE_DEFAULT}</option>
        {CFOP_OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="CSOSN" {...text('csosn')}>
        <option value="">{STORE_DEFAULT}</option>
        {CSOSN_OPTIONS.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Origem" {...text('origin')}>
        <option value="">{STORE_DEFAULT}</option>
        {ORIGIN_OPTIONS.map((o) => (
          <option key={o.code} value={String(o.code)}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <TextField label="Unidade" autoComplete="off" placeholder="UN" {...text('unit')} />
    </>
  );
}
