// Another tab opened a newer version of the local database: this tab's connection was
// closed so the upgrade could run. Say so and offer a reload instead of failing quietly.
import { useEffect, useState } from 'react';
import { onVersionChange } from '../offline/version-events';
import { Banner } from './banner';

export const VERSION_CHANGE_TEXT = 'O Balcão foi atualizado em outra aba. Recarregue esta página para continuar.';

export function VersionChangeBanner() {
  const [changed, setChanged] = useState(false);
  useEffect(() => onVersionChange(() => setChanged(true)), []);
  if (!changed) return null;
  return (
    <Banner
      role="alert"
      className="fixed inset-x-0 top-0 z-[95] flex flex-wrap items-center justify-center gap-3 bg-amber-500 px-4 py-2 text-sm font-medium text-slate-900 shadow"
      text={VERSION_CHANGE_TEXT}
      action="Recarregar"
      onAction={() => window.location.reload()}
      actionClassName="bg-slate-900 text-white hover:bg-slate-800"
    />
  );
}
