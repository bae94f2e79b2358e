// An admin's approval of one crediário sale over the customer's credit limit. A cashier's
// till asks for it with the e-mail and password of an admin present at the counter (under
// the login attempt limits), and the sale carries it in `credit_approval`. It names the
// admin and is sealed under the server's secret with the store and the sale's id, so it
// approves that one sale, online or when the outbox delivers it later.
import { timingSafeEqual } from 'node:crypto';
import type { CreditApprovalRequest, SaleCreate } from '../../shared/contract';
import { checkCredentials, type AuthDeps } from '../access/auth';
import type { TokenService } from '../core/tokens';
import { AppError, badRequest, forbidden } from '../errors';

export const APPROVAL_WRONG_CREDENTIALS = 'E-mail ou senha do administrador incorretos.';
export const APPROVAL_NOT_ADMIN = 'Só um administrador pode autorizar uma venda acima do limite de crédito.';

type Sealer = Pick<TokenService, 'seal'>;

const sealOf = (tokens: Sealer, tenantId: string, saleId: string, adminId: string) =>
  tokens.seal(`credit-approval:${tenantId}:${saleId}:${adminId}`);

/**
 * Checks the admin's e-mail and password: the approval for `sale_id`. A wrong password is
 * a 400 on the password field (a 401 would end the cashier's own session).
 */
export async function approveCredit(
  deps: Pick<AuthDeps, 'db' | 'loginLimits' | 'tokens'>,
  tenantId: string,
  input: CreditApprovalRequest & { ip: string },
): Promise<{ approval: string; admin_name: string }> {
  const user = await checkCredentials(deps, tenantId, input).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      throw badRequest(APPROVAL_WRONG_CREDENTIALS, [{ path: 'password', message: APPROVAL_WRONG_CREDENTIALS }]);
    }
    throw error;
  });
  if (user.role !== 'admin') throw forbidden(APPROVAL_NOT_ADMIN);
  return { approval: `${user.id}.${sealOf(deps.tokens, tenantId, input.sale_id, user.id)}`, admin_name: user.name };
}

/** The ids of the run's sales that carry a valid approval. */
export function approvedSales(tokens: Sealer, tenantId: string, inputs: readonly SaleCreate[]): Set<string> {
  const approved = new Set<string>();
  for (const input of inputs) {
    const [adminId, seal] = input.credit_approval?.split('.') ?? [];
    if (!input.id || !adminId || !seal) continue;
    const expected = Buffer.from(sealOf(tokens, tenantId, input.id, adminId));
    const given = Buffer.from(seal);
    if (given.length === expected.length && timingSafeEqual(given, expected)) approved.add(input.id);
  }
  return approved;
}
