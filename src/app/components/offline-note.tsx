// Above a screen's content while offline: how old the data shown is
// ('Offline · dados de 12/03/2027 às 14:32', the device's clock).
import { AlertIcon } from './icons';

const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });

/** 'dados de 12/03/2027 às 14:32' (the device's clock). */
export const dataAgeText = (updatedAt: number) => `dados de ${day.format(updatedAt)} às ${time.format(updatedAt)}`;

export function offlineNoteText(updatedAt: number | null | undefined): string {
  return updatedAt ? `Offline · ${dataAgeText(updatedAt)}` : 'Offline';
}

/** `updatedAt`: epoch ms of the newest answer the screen shows (its queries' dataUpdatedAt). */
export function OfflineNote({ online, updatedAt }: { online: boolean; updatedAt: number | null | undefined }) {
  if (online) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900"
    >
      <AlertIcon className="h-4 w-4 shrink-0" />
      {offlineNoteText(updatedAt)}
    </p>
  );
}

/** The newest dataUpdatedAt of some queries (0 = never answered). */
export function newestUpdate(...queries: ReadonlyArray<{ dataUpdatedAt: number }>): number {
  return Math.max(0, ...queries.map((q) => q.dataUpdatedAt));
}
