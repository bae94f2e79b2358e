// How far a spreadsheet has gone: the share of the file sent, then the server reading it
// (a bar without an end: the server answers when the last row is read or written).
import { ProgressStatus } from '../../components/progress-status';

export function SendProgress({ sent, confirming }: { sent: number; confirming: boolean }) {
  const sending = sent < 1;
  const percent = Math.round(sent * 100);
  const text = sending
    ? `Enviando a planilha... ${percent}%`
    : confirming
      ? 'Gravando as linhas...'
      : 'Lendo as linhas...';
  return <ProgressStatus text={text} barClassName="max-w-md" {...(sending ? { done: percent, total: 100 } : {})} />;
}
