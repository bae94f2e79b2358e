// Texts of the sync status and panel.
import { progressText, type MirrorProgress } from '../../offline/mirror';

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });

/** 'Sincronizado às 14:32' (today), 'Sincronizado em 12/03 às 14:32', 'Nunca sincronizado'. */
export function lastSyncText(at: number | null | undefined, now = Date.now()): string {
  if (at === undefined) return '';
  if (at === null) return 'Nunca sincronizado';
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return sameDay
    ? `Sincronizado às ${time.format(at)}`
    : `Sincronizado em ${dayMonth.format(at)} às ${time.format(at)}`;
}

/** '3 pendentes', '1 pendente' */
export function pendingText(count: number): string {
  return count === 1 ? '1 pendente' : `${count} pendentes`;
}

export function rejectedText(count: number): string {
  return count === 1 ? '1 com erro' : `${count} com erro`;
}

/** The first catalogue load: 'Sincronizando produtos 12.000 de 50.000'. */
export function mirrorLoadingText(progress: MirrorProgress | null): string {
  return progress ? progressText(progress) : 'Sincronizando produtos...';
}

/** The logout warning: 'Há 3 vendas não sincronizadas. Elas continuam guardadas...' */
export function unsyncedText({ sales, changes }: { sales: number; changes: number }): string {
  const kept = 'continuam guardadas neste dispositivo e serão enviadas no próximo login.';
  const salesPart = sales === 1 ? '1 venda' : `${sales} vendas`;
  const changesPart = changes === 1 ? '1 alteração de contas' : `${changes} alterações de contas`;
  if (changes === 0) {
    return sales === 1
      ? 'Há 1 venda não sincronizada. Ela continua guardada neste dispositivo e será enviada no próximo login.'
      : `Há ${sales} vendas não sincronizadas. Elas ${kept}`;
  }
  if (sales === 0) {
    return changes === 1
      ? 'Há 1 alteração de contas não sincronizada. Ela continua guardada neste dispositivo e será enviada no próximo login.'
      : `Há ${changesPart} não sincronizadas. Elas ${kept}`;
  }
  return `Há ${salesPart} e ${changesPart} não sincronizadas. Elas ${kept}`;
}

/** The logout warning's title. */
export function unsyncedTitle({ changes }: { sales: number; changes: number }): string {
  return changes === 0 ? 'Sair com vendas não sincronizadas?' : 'Sair com alterações não sincronizadas?';
}

export function conflictsText(count: number): string {
  return count === 1 ? '1 produto vendido além do estoque' : `${count} produtos vendidos além do estoque`;
}
