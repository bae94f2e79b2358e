// How far a spreadsheet has gone: the share of the file sent, then the server reading it
// (a bar without an end: the server answers when the last row is read or written).
import { Spinner } from '../../components/spinner';

export function SendProgress({ sent, confirming }: { sent: number; confirming: boolean }) {
  const sending = sent < 1;
  const percent = Math.round(sent * 100);
  const text = sending
    ? `Enviando a planilha... ${percent}%`
    : confirming
      ? 'Gravando as linhas...'
      : 'Lendo as linhas...';
  return (
    <div className="flex items-center gap-3" role="status" aria-live="polite">
      <Spinner className="h-5 w-5" />
      <div className="flex-1">
        <p className="text-sm text-slate-700">{text}</p>
        <progress
          className="h-2 w-full max-w-md"
          aria-label="Progresso da importação"
          {...(sending ? { max: 100, value: percent } : {})}
        />
      </div>
    </div>
  );
}
