// A store setting kept as whole days (PUT /api/settings): typed as digits, saved by its own
// button, with the server's refusal said as it comes.
import { useState } from 'react';
import { Button } from '../../components/button';
import { TextField } from '../../components/field';
import type { NumberSetting } from './percent-setting-field';
import { useSaveSettings } from './settings-card';

const daysText = (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'}`;

export function DaysSettingField({
  setting,
  saved,
  label,
  hint,
}: {
  setting: NumberSetting;
  saved: number;
  label: string;
  hint: string;
}) {
  const { save: saveSetting, update } = useSaveSettings();
  const [text, setText] = useState(String(saved));
  const value = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;
  const id = `setting-${setting}`;
  const save = async () => {
    if (value !== null) await saveSetting({ [setting]: value }, `${label}: ${daysText(value)}.`);
  };
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        id={id}
        label={label}
        hint={hint}
        inputMode="numeric"
        className="w-64"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...(text.trim() !== '' && value === null ? { error: 'Use um número inteiro de dias, como 30' } : {})}
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
