// The pieces of Configurações' store-settings cards (PUT /api/settings): the save of one
// change, which says in a toast what it did or why it could not, and the card that shows
// its fields once the settings are loaded, with what the server holds or the change on
// its way.
import type { ReactNode } from 'react';
import type { StoreSettings, StoreSettingsUpdate } from '../../../shared/contract/settings';
import { Card, CardContent, CardHeader } from '../../components/card';
import { CheckboxField } from '../../components/field';
import { LoadingState } from '../../components/spinner';
import { toast, toastError } from '../../components/toast-store';
import { describeError } from '../../lib/api-error';
import { useStoreSettings, useUpdateStoreSettings } from '../../lib/store-settings';

export function useSaveSettings() {
  const update = useUpdateStoreSettings();
  /** Saves `change`; `done` says what it did. Resolves either way (a refusal is said). */
  async function save(change: StoreSettingsUpdate, done: string) {
    try {
      await update.mutateAsync(change);
      toast({ title: 'Configuração salva', description: done });
    } catch (error) {
      toastError('Erro ao salvar configuração', describeError(error, 'Erro ao salvar configuração'));
    }
  }
  return { save, update };
}

export interface SettingsCardState extends ReturnType<typeof useSaveSettings> {
  shown: StoreSettings;
}

interface SettingsCardProps {
  title: string;
  description: string;
  contentClassName?: string;
  /** The fields: `shown` is what the server holds, with the change on its way. */
  children: (card: SettingsCardState) => ReactNode;
}

export function SettingsCard({ title, description, contentClassName, children }: SettingsCardProps) {
  const query = useStoreSettings();
  const saving = useSaveSettings();
  const { isPending, variables } = saving.update;
  const saved = query.data;
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardContent className={contentClassName}>
        {saved ? (
          children({ ...saving, shown: isPending ? { ...saved, ...variables } : saved })
        ) : query.isError ? (
          <p className="text-sm text-slate-600">Não foi possível carregar as configurações.</p>
        ) : (
          <LoadingState text="Carregando configurações..." />
        )}
      </CardContent>
    </Card>
  );
}

type YesNoSetting = { [K in keyof StoreSettings]: StoreSettings[K] extends boolean ? K : never }[keyof StoreSettings];

/** A yes/no setting, saved as soon as it changes; `said` is what the toast says [on, off]. */
export function SettingCheckbox({
  card,
  setting,
  said,
  ...props
}: {
  card: SettingsCardState;
  setting: YesNoSetting;
  label: string;
  description: string;
  said: readonly [on: string, off: string];
}) {
  return (
    <CheckboxField
      {...props}
      checked={card.shown[setting]}
      disabled={card.update.isPending}
      onChange={(checked) => void card.save({ [setting]: checked }, checked ? said[0] : said[1])}
    />
  );
}
