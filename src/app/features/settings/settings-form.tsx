// A form of Configurações > Geral: its fields in two columns from 640 px, then its save
// button at the right end of a row of its own.
import type { ReactNode } from 'react';
import { SaveButton } from '../../components/form-dialog';

interface SettingsFormProps {
  /** Runs on submit (the page does not reload). */
  onSubmit: () => Promise<void>;
  saving: boolean;
  saveLabel: string;
  children: ReactNode;
}

export function SettingsForm({ onSubmit, saving, saveLabel, children }: SettingsFormProps) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      {children}
      <div className="flex justify-end sm:col-span-2">
        <SaveButton saving={saving} label={saveLabel} />
      </div>
    </form>
  );
}
