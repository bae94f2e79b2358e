// A store setting kept in centavos (PUT /api/settings): a money field saved by its own
// button, with what was saved said in a toast and the server's refusal as it comes.
import { useState } from 'react';
import { Button } from '../../components/button';
import { MoneyField } from '../../components/money-input';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useUpdateStoreSettings } from '../../lib/store-settings';
import type { NumberSetting } from './percent-setting-field';

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
  const update = useUpdateStoreSettings();
  const [value, setValue] = useState<number | null>(saved);
  const save = async () => {
    if (value === null) return;
    try {
      await update.mutateAsync({ [setting]: value });
      toast({ title: 'Configuração salva', description: savedText(value) });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
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
