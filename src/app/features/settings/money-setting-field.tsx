// A store setting kept in centavos (PUT /api/settings): a money field saved by its own
// button, with what was saved said in a toast and the server's refusal as it comes.
import { useState } from 'react';
import { Button } from '../../components/button';
import { MoneyField } from '../../components/money-input';
import type { NumberSetting } from './percent-setting-field';
import { useSaveSettings } from './settings-card';

interface MoneySettingFieldProps {
  setting: NumberSetting;
  saved: number;
  label: string;
  hint: string;
  /** The button's text ('Salvar limite'). */
  action: string;
  /** What the toast says was saved ('Limite de crédito padrão: R$ 500,00.'). */
  savedText: (centavos: number) => string;
}

export function MoneySettingField({ setting, saved, label, hint, action, savedText }: MoneySettingFieldProps) {
  const { save: saveSetting, update } = useSaveSettings();
  const [value, setValue] = useState<number | null>(saved);
  const save = async () => {
    if (value !== null) await saveSetting({ [setting]: value }, savedText(value));
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <MoneyField
        id={`setting-${setting.replaceAll('_', '-')}`}
        label={label}
        hint={hint}
        className="w-64"
        value={value}
        onChange={(c) => setValue(c)}
      />
      <Button
        variant="outline"
        onClick={() => void save()}
        disabled={value === null || value === saved || update.isPending}
      >
        {action}
      </Button>
    </div>
  );
}
