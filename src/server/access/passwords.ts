// Password hashing: argon2id (the @node-rs/argon2 default algorithm) with the OWASP
// minimum parameters spelled out: 19 MiB, 2 passes, 1 lane.
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Verifies against a throwaway hash so an unknown e-mail costs the same time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('balcao-dummy-password');
  await verifyPassword(await dummyHash, password);
}
