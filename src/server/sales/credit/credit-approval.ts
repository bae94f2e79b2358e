// An admin's approval, at a cashier's till, of one act over the cashier's limits: a
// crediário sale over the customer's credit limit (`credit_approval` on the sale), or a
// return over the store's return limit (`approval` on the return). The till asks for it
// with the e-mail and password of an admin present (under the approval attempt limits: per
// cashier who asks and per admin, never the admin's login: login-rate-limit.ts); the
// answer names the admin, the amount and when it expires, sealed under the server's secret
// with the store and the act's ids, so it approves that one act up to that amount, online
// or when the outbox delivers it later, while the admin is still an active admin.
// An approval expires APPROVAL_TTL_MS after it was given, measured at the moment the act
// happened at the counter (the sale's sold_at, the return's returned_at, as the server
// believes the device's clock: core/sale-time.ts): an approval is asked for the act about to be
// done, 24 h cover a till that loses the network right after and delivers the next day,
// and an approval kept aside (a screenshot, a device left open) is dead the next day.
import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { CreditApprovalRequest, ReturnApprovalRequest, SaleCreate } from '../../../shared/contract';
import { checkCredentials, type AuthDeps } from '../../access/auth';
import type { TokenService } from '../../core/tokens';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../errors';
import { saleTime } from '../../core/sale-time';

export const APPROVAL_WRONG_CREDENTIALS = 'E-mail ou senha do administrador incorretos.';
export const APPROVAL_NOT_ADMIN = 'Só um administrador pode autorizar uma venda acima do limite de crédito.';
export const RETURN_APPROVAL_NOT_ADMIN = 'Só um administrador pode autorizar uma devolução acima do limite.';

/** How long an approval holds after it was given (see the file's header). */
export const APPROVAL_TTL_MS = 24 * 60 * 60_000;

type Sealer = Pick<TokenService, 'seal'>;
type ApprovalKind = 'credit-approval' | 'return-approval';
type ApprovalDeps = Pick<AuthDeps, 'db' | 'loginLimits' | 'tokens'>;
type Approved = Promise<{ approval: string; admin_name: string }>;

/** Where the approval is asked: the caller's IP and the user at the till (whose tries are counted). */
interface Asker {
  ip: string;
  askedBy: string;
}

/** What an approval is for: its kind, the store and the act's ids. */
interface Act {
  kind: ApprovalKind;
  tenantId: string;
  subject: string;
}

const sealOf = (tokens: Sealer, act: Act, adminId: string, amount: number, expiresAt: number) =>
  tokens.seal(`${act.kind}:${act.tenantId}:${act.subject}:${adminId}:${amount}:${expiresAt}`);

/** The approval's text: `admin.amount.expiresAt.seal`. */
function issue(tokens: Sealer, act: Act, adminId: string, amount: number, now: Date): string {
  const expiresAt = now.getTime() + APPROVAL_TTL_MS;
  return `${adminId}.${amount}.${expiresAt}.${sealOf(tokens, act, adminId, amount, expiresAt)}`;
}

/** The admin and amount of an approval sealed for `subject` and not expired at `at`; null otherwise. */
function open(
  tokens: Sealer,
  act: Act,
  approval: string | undefined,
  at: Date,
): { adminId: string; amount: number } | null {
  const [adminId, amountText, expiresText, seal, ...rest] = approval?.split('.') ?? [];
  const amount = Number(amountText);
  const expiresAt = Number(expiresText);
  if (!adminId || !seal || rest.length > 0 || !Number.isSafeInteger(amount) || !Number.isSafeInteger(expiresAt))
    return null;
  const expected = Buffer.from(sealOf(tokens, act, adminId, amount, expiresAt));
  const given = Buffer.from(seal);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return at.getTime() <= expiresAt ? { adminId, amount } : null;
}

/** Of these admins, the ones still active admins of the store. */
async function activeAdmins(t: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const admins = await t
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        inArray(users.id, [...new Set(ids)]),
        eq(users.role, 'admin'),
        eq(users.active, true),
        isNull(users.deletedAt),
      ),
    );
  return new Set(admins.map((a) => a.id));
}

/** Checks the admin's e-mail and password. A wrong password is a 400 on the password field (a 401 would end the cashier's own session). */
async function adminPresent(
  deps: ApprovalDeps,
  tenantId: string,
  input: { email: string; password: string; ip: string; askedBy: string },
  notAdmin: string,
) {
  const user = await checkCredentials(deps, tenantId, input).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      throw badRequest(APPROVAL_WRONG_CREDENTIALS, [{ path: 'password', message: APPROVAL_WRONG_CREDENTIALS }]);
    }
    throw error;
  });
  if (user.role !== 'admin') throw forbidden(notAdmin);
  return user;
}

/** An admin present (`notAdmin` when the credentials are not an admin's) approves `act` up to `input.amount`. */
async function approve(
  deps: ApprovalDeps,
  input: { email: string; password: string; ip: string; askedBy: string; amount: number },
  act: Act,
  notAdmin: string,
): Approved {
  const user = await adminPresent(deps, act.tenantId, input, notAdmin);
  return { approval: issue(deps.tokens, act, user.id, input.amount, new Date()), admin_name: user.name };
}

/** POST /api/auth/credit-approval: the approval for `sale_id`, up to `amount`. */
export const approveCredit = (deps: ApprovalDeps, tenantId: string, input: CreditApprovalRequest & Asker) =>
  approve(deps, input, { kind: 'credit-approval', tenantId, subject: input.sale_id }, APPROVAL_NOT_ADMIN);

/** POST /api/auth/return-approval: the approval for the return `return_id` of `sale_id`, up to `amount`. */
export const approveReturn = (deps: ApprovalDeps, tenantId: string, input: ReturnApprovalRequest & Asker) =>
  approve(
    deps,
    input,
    { kind: 'return-approval', tenantId, subject: `${input.sale_id}:${input.return_id}` },
    RETURN_APPROVAL_NOT_ADMIN,
  );

/**
 * The run's sales that carry a valid approval, each with the amount approved (centavos),
 * from admins still active.
 */
export async function approvedSales(
  t: DbOrTx,
  tokens: Sealer,
  tenantId: string,
  inputs: readonly SaleCreate[],
  now = new Date(),
): Promise<Map<string, number>> {
  const sealed = inputs.flatMap((input) => {
    if (!input.id) return [];
    const at = saleTime(input.sold_at, now).soldAt;
    const opened = open(tokens, { kind: 'credit-approval', tenantId, subject: input.id }, input.credit_approval, at);
    return opened ? [{ saleId: input.id, ...opened }] : [];
  });
  const active = await activeAdmins(
    t,
    tenantId,
    sealed.map((s) => s.adminId),
  );
  return new Map(sealed.filter((s) => active.has(s.adminId)).map((s) => [s.saleId, s.amount]));
}

/**
 * The admin whose valid approval a return of `amount` (centavos), done at `at`, carries:
 * sealed for this sale and this return, for at least this amount, by an admin still
 * active; null when it carries none.
 */
export async function returnApprover(
  t: DbOrTx,
  tokens: Sealer,
  tenantId: string,
  ret: { saleId: string; returnId: string; amount: number; approval: string | undefined; at: Date },
): Promise<string | null> {
  const act: Act = { kind: 'return-approval', tenantId, subject: `${ret.saleId}:${ret.returnId}` };
  const opened = open(tokens, act, ret.approval, ret.at);
  if (!opened || opened.amount < ret.amount) return null;
  return (await activeAdmins(t, tenantId, [opened.adminId])).has(opened.adminId) ? opened.adminId : null;
}
