// A cashier's return over the store's limit (shared/return-limit.ts) asks, online, for the
// e-mail and password of an admin present: the server checks them once and answers a
// sealed approval of this return (POST /api/auth/return-approval), which goes with it,
// also when it waits in the outbox. Offline the password cannot be checked: the dialog
// says an admin must approve, and the return goes for the server to record for review.
import { CreditApprovalResponseSchema } from '../../../shared/contract/credit';
import { toReais } from '../../../shared/money';
import { returnOverLimit, returnOverLimitOffline } from '../../../shared/return-limit';
import { TextField } from '../field';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-error';

/** The e-mail and password an admin present types at the dialog. */
export interface AdminSignIn {
  email: string;
  password: string;
}

/** The admin's sign-in at the dialog: each field's key (also its input type) and label. */
const ADMIN_FIELDS = [
  ['email', 'E-mail do administrador'],
  ['password', 'Senha do administrador'],
] as const;

/** The sealed approval of an admin present for this return (online); throws their refusal. */
export async function askApproval(admin: AdminSignIn, saleId: string, returnId: string, value: number) {
  try {
    const { data } = await api.post(CreditApprovalResponseSchema, '/auth/return-approval', {
      email: admin.email.trim(),
      password: admin.password,
      sale_id: saleId,
      return_id: returnId,
      amount: toReais(value),
    });
    return data.approval;
  } catch (failure) {
    throw new Error(
      failure instanceof ApiError && failure.message ? failure.message : 'Não foi possível conferir a senha.',
    );
  }
}

/** The warning of a return over the limit: online, the admin's sign-in; offline, that an admin must approve. */
export function AdminApproval({
  approving,
  limit,
  admin,
  onChange,
}: {
  /** Online: the admin signs in here; offline: the return goes for an admin to review. */
  approving: boolean;
  /** The store's limit for a cashier's return (centavos). */
  limit: number;
  admin: AdminSignIn;
  /** Takes an update of the sign-in (a state setter). */
  onChange: (update: (admin: AdminSignIn) => AdminSignIn) => void;
}) {
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      {approving ? (
        <>
          <p>{returnOverLimit(limit)}</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {ADMIN_FIELDS.map(([key, label]) => (
              <TextField
                key={key}
                label={label}
                type={key}
                autoComplete="off"
                value={admin[key]}
                onChange={(e) => onChange((a) => ({ ...a, [key]: e.target.value }))}
              />
            ))}
          </div>
        </>
      ) : (
        <p role="status">{returnOverLimitOffline(limit)}</p>
      )}
    </div>
  );
}
