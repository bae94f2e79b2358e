// Recognizes PostgreSQL errors through Drizzle's wrapper (DrizzleQueryError.cause), for
// both drivers: PGlite and node-postgres report the same SQLSTATE and constraint name.
import { conflict } from '../errors';
import { inTransaction, type DbOrTx } from './client';

interface PgErrorFields {
  code?: string;
  constraint?: string;
}

function pgErrorOf(err: unknown): PgErrorFields | null {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const fields = current as PgErrorFields & { cause?: unknown };
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

/** unique_violation (23505), optionally on one named constraint or index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (!constraint || pg.constraint === constraint);
}

/**
 * Runs a write, a unique violation of one of the named constraints answered with that
 * constraint's error instead (a client-chosen id already taken, a name in use: 409).
 */
export async function refusingDuplicates<T>(
  refusals: Record<string, () => Error>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const refusal = Object.entries(refusals).find(([constraint]) => isUniqueViolation(err, constraint));
    throw refusal ? refusal[1]() : err;
  }
}

/**
 * Creates a record in one transaction (or in `tx`) under the id its client may have chosen
 * (a device names what it makes offline): that id already taken (the primary key `pkey`)
 * is a 409, 'Já existe {thing} com este identificador.'.
 */
export function creatingUnderClientId<T>(
  db: DbOrTx,
  tx: DbOrTx | undefined,
  pkey: string,
  thing: string,
  create: (tr: DbOrTx) => Promise<T>,
): Promise<T> {
  const taken = () => conflict(`Já existe ${thing} com este identificador.`);
  return refusingDuplicates({ [pkey]: taken }, () => inTransaction(db, tx, create));
}
