// Access tokens: JWT HS256 (jose), 15 minutes, claims sub (user), tid (tenant), role.
// Refresh tokens: 32 random bytes (base64url), opaque to the client, stored as sha256.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_TTL_S } from '../../shared/constants';
import { RoleSchema } from '../../shared/contract';
import type { Role } from '../../shared/permissions';

const ISSUER = 'balcao';
/**
 * Tokens already verified, with their claims, until they expire: a till sends the same
 * token on every request for 15 minutes, and checking its signature again (WebCrypto's
 * HMAC, a job on the thread pool) cost ~4% of the server's CPU under a sales load.
 * Bounded: past this many, the oldest entries go first.
 */
const VERIFIED_CACHE_MAX = 2000;

const AccessClaimsSchema = z.object({ sub: z.uuid(), tid: z.uuid(), role: RoleSchema });
export type AccessClaims = z.infer<typeof AccessClaimsSchema>;

export interface TokenService {
  signAccess(claims: { userId: string; tenantId: string; role: Role }): Promise<string>;
  /** The claims of a valid, unexpired token, else null. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /**
   * HMAC-SHA256 of `text` under the server's secret (hex): what is stored in place of a
   * secret that must still be compared, such as a password inside an idempotency request
   * hash. A plain sha256 there could be brute-forced from a copy of the database.
   */
  seal(text: string): string;
}

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number | undefined) => {
    if (exp === undefined) return;
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, exp });
  };
  return {
    seal: (text) => createHmac('sha256', secret).update(text).digest('hex'),
    signAccess: ({ userId, tenantId, role }) =>
      new SignJWT({ tid: tenantId, role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
        .sign(key),
    verifyAccess: async (token) => {
      const known = verified.get(token);
      // jose's rule: expired once the clock's second reaches exp.
      if (known && Math.floor(Date.now() / 1000) < known.exp) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        const claims = AccessClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        remember(token, claims.data, payload.exp);
        return claims.data;
      } catch {
        return null;
      }
    },
  };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}
