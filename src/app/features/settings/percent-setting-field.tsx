// A store setting kept as a percent (PUT /api/settings): typed as a Brazilian writes it
// ('10', '2,5'), saved by its own button, with the server's refusal said as it comes.
import { useState } from 'react';
import type { StoreSettingsUpdate } from '../../../shared/contract/settings';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import { useSaveSettings } from './settings-card';

/** A setting whose value is a number (percent or centavos). */
export type NumberSetting = {
  [K in keyof StoreSettingsUpdate]-?: NonNullable<StoreSettingsUpdate[K]> extends number ? K : never;
}[keyof StoreSettingsUpdate];

interface PercentSettingFieldProps {
  setting: NumberSetting;
  saved: number;
  label: string;
  hint: string;
  /** How many decimals the setting takes (0: whole percents). */
  decimals: 0 | 2;
}

const shown = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 2 });

/** The typed percent, or null when it is not a number with at most `decimals` decimals. */
export function parsePercent(text: string, decimals: 0 | 2): number | null {
  const t = text.trim().replace('%', '').trim().replace(',', '.');
  const pattern = decimals === 0 ? /^\d{1,3}$/ : /^\d{1,3}(\.\d{1,2})?$/;
  return pattern.test(t) ? Number(t) : null;
}

export function PercentSettingField({ setting, saved, label, hint, decimals }: PercentSettingFieldProps) {
  const { save: saveSetting, update } = useSaveSettings();
  const [text, setText] = useState(shown(saved));
  const value = parsePercent(text, decimals);
  const id = `setting-${setting}`;
  const save = async () => {
    if (value !== null) await saveSetting({ [setting]: value }, `${label}: ${shown(value)}%.`);
  };
  const error =
    text.trim() !== '' && value === null
      ? decimals === 0
        ? 'Use um percentual inteiro, como 10'
        : 'Use um percentual com até duas casas, como 2,5'
      : undefined;
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        id={id}
        label={label}
        hint={hint}
        inputMode="decimal"
        className="w-64"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...(error ? { error } : {})}
      />
      <Button
        variant="outline"
        onClick={() => void save()}
        disabled={value === null || value === saved || update.isPending}
        aria-label={`Salvar ${label}`}
      >
        Salvar
      </Button>
    </div>
  );
}
