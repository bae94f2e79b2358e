// The cashiers' return limit (Configurações, 'Limite de devolução dos caixas', centavos of
// goods per return), the one rule the till and the server apply, as discounts.ts is for
// discounts. A cashier (role user) returns up to the limit; above it an admin must
// approve: online an admin present types their e-mail and password at the dialog and the
// return carries their sealed approval (server/sales/credit-approval.ts), which holds when
// the outbox delivers it later too; without one the server refuses a cashier's with a 409
// online, and offline records it for admins to review (limit_conflict, sales/returns/sale-returns.ts).
import { formatBRL } from './money';
import type { Role } from './permissions';

/** The sentence that refuses a cashier's return over the limit (the till's and the server's 409). */
export const returnOverLimit = (limit: number) =>
  `Devoluções acima de ${formatBRL(limit)} precisam de um administrador. Peça a um administrador para entrar e fazer a devolução.`;

/** What the dialog says offline: the return goes, and an admin reviews it. */
export const returnOverLimitOffline = (limit: number) =>
  `Devolução acima de ${formatBRL(limit)}: um administrador precisa aprovar. Sem conexão, ela será enviada quando a conexão voltar e ficará marcada para um administrador revisar.`;

/** Whether a return worth `amount` needs an admin: a cashier's above the limit. */
export function returnNeedsAdmin(role: Role, amount: number, limit: number): boolean {
  return role === 'user' && amount > limit;
}
