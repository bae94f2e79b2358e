// Access tokens: a verified token is remembered until it expires, never past it, and a
// remembered token says nothing about another string with the same claims.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'um-segredo-de-teste-com-mais-de-32-caracteres';
const claims = { userId: crypto.randomUUID(), tenantId: crypto.randomUUID(), role: 'user' as const };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a verified token keeps its claims until it expires, and is refused from then on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
    const tokens = createTokenService(SECRET);
    const token = await tokens.signAccess(claims);
    const expected = { sub: claims.userId, tid: claims.tenantId, role: 'user' };
    expect(await tokens.verifyAccess(token)).toEqual(expected);
    vi.setSystemTime(new Date('2026-11-25T12:14:59.000Z'));
    expect(await tokens.verifyAccess(token)).toEqual(expected);
    vi.setSystemTime(new Date('2026-11-25T12:15:00.000Z'));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('a remembered token vouches for no other string: another signature or secret is refused', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.signAccess(claims);
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verifyAccess(tampered)).toBeNull();
    const other = createTokenService(`${SECRET}-outro`);
    expect(await other.verifyAccess(token)).toBeNull();
  });
});
