// An admin's approval of one crediário sale over the customer's credit limit. A cashier's
// till asks for it with the e-mail and password of an admin present at the counter (under
// the login attempt limits), and the sale carries it in `credit_approval`. It names the
// admin and the amount financed, sealed under the server's secret with the store and the
// sale's id, so it approves that one sale up to that amount, online or when the outbox
// delivers it later, while the admin is still an active admin.
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CreditApprovalRequest, SaleCreate } from '../../shared/contract';
import { checkCredentials, type AuthDeps } from '../access/auth';
import type { TokenService } from '../core/tokens';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { AppError, badRequest, forbidden } from '../errors';

export const APPROVAL_WRONG_CREDENTIALS = 'E-mail ou senha do administrador incorretos.';
export const APPROVAL_NOT_ADMIN = 'Só um administrador pode autorizar uma venda acima do limite de crédito.';

type Sealer = Pick<TokenService, 'seal'>;

const sealOf = (tokens: Sealer, tenantId: string, saleId: string, adminId: string, amount: number) =>
  tokens.seal(`credit-approval:${tenantId}:${saleId}:${adminId}:${amount}`);

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
  const seal = sealOf(deps.tokens, tenantId, input.sale_id, user.id, input.amount);
  return { approval: `${user.id}.${input.amount}.${seal}`, admin_name: user.name };
}

/**
 * The run's sales that carry a valid approval, each with the amount approved (centavos),
 * from admins still active.
 */
export async function approvedSales(
  t: DbOrTx,
  tokens: Sealer,
  tenantId: string,
  inputs: readonly SaleCreate[],
): Promise<Map<string, number>> {
  const sealed = inputs.flatMap((input) => {
    const [adminId, amountText, seal] = input.credit_approval?.split('.') ?? [];
    const amount = Number(amountText);
    if (!input.id || !adminId || !seal || !Number.isSafeInteger(amount)) return [];
    const expected = Buffer.from(sealOf(tokens, tenantId, input.id, adminId, amount));
    const given = Buffer.from(seal);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? [{ saleId: input.id, adminId, amount }]
      : [];
  });
  if (sealed.length === 0) return new Map();
  const admins = await t
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, [...new Set(sealed.map((s) => s.adminId))]),
        eq(users.role, 'admin'),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    );
  const active = new Set(admins.map((a) => a.id));
  return new Map(sealed.filter((s) => active.has(s.adminId)).map((s) => [s.saleId, s.amount]));
}
